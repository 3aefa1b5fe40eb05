// Checks the package's declarations (dist/arrange-lib.d.ts) with TypeScript's compiler against
// every example of docs/web-library.md: each ```js block, and each ```html block's module
// script, becomes a TypeScript file that imports the package by name, and `tsc` must find no
// error (an option the declarations do not have, a callback given the wrong arguments, a
// method that is not there). A name an example uses without defining it (`arrange`, `list`)
// is declared as what the text around it says it is; a parameter with no type from its context
// is `any`, as in the JavaScript the examples are.
// Usage: node scripts/check-types.mjs [docs/web-library.md]   (needs tsc: apt-get install node-typescript)
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const docs = resolve(process.argv[2] ?? join(here, "..", "..", "docs", "web-library.md"));
const text = readFileSync(docs, "utf8");

const examples = [];
for (const match of text.matchAll(/```(js|html)\n([\s\S]*?)```/g)) {
  const line = text.slice(0, match.index).split("\n").length;
  if (match[1] === "js") {
    examples.push({ line, code: match[2] });
  } else {
    for (const script of match[2].matchAll(/<script type="module">([\s\S]*?)<\/script>/g)) {
      examples.push({ line, code: script[1] });
    }
  }
}
if (examples.length === 0) {
  console.error(`no example found in ${docs}`);
  process.exit(1);
}

const prelude = (code) => {
  const lines = ['import { Arrange } from "arrange-lib";'];
  const defines = (name) => new RegExp(`\\b(const|let|var|function|class)\\s+${name}\\b`).test(code);
  if (!defines("arrange")) lines.push("declare const arrange: Arrange;");
  for (const name of ["list", "shelf", "cart", "board", "element"]) {
    if (!defines(name) && new RegExp(`\\b${name}\\b`).test(code)) lines.push(`declare const ${name}: HTMLElement;`);
  }
  return lines.join("\n") + "\n";
};

const folder = mkdtempSync(join(tmpdir(), "arrange-types-"));
try {
  const files = examples.map(({ line, code }, index) => {
    const name = `example-${index + 1}-line-${line}.ts`;
    const body = code.replace(/import\s*\{[^}]*\}\s*from\s*["'][^"']*arrange-lib(\.js)?["'];?\n?/g, "");
    writeFileSync(join(folder, name), prelude(body) + body + "\nexport {};\n");
    return name;
  });
  writeFileSync(join(folder, "tsconfig.json"), JSON.stringify({
    compilerOptions: {
      target: "es2022", module: "es2022", moduleResolution: "node", lib: ["es2022", "dom", "dom.iterable"],
      noEmit: true, noImplicitAny: false, skipLibCheck: false, types: [],
      baseUrl: ".", paths: { "arrange-lib": [resolve(here, "..", "dist", "arrange-lib.d.ts")] },
    },
    files,
  }, null, 2));
  const run = spawnSync("tsc", ["-p", folder, "--pretty", "false"], { encoding: "utf8" });
  if (run.error) {
    console.error(`cannot run tsc (${run.error.message}): apt-get install node-typescript`);
    process.exit(1);
  }
  const output = (run.stdout + run.stderr).replace(/\S*?(example-\d+-line-\d+\.ts)/g, "$1").trim();
  if (run.status !== 0) {
    console.error(output);
    console.error(`tsc found errors in the examples of ${docs} (files named by the line of their block)`);
    process.exit(1);
  }
  console.log(`tsc ${spawnSync("tsc", ["--version"], { encoding: "utf8" }).stdout.trim()}: ` +
    `${examples.length} examples of ${docs} check against dist/arrange-lib.d.ts`);
} finally {
  rmSync(folder, { recursive: true, force: true });
}
