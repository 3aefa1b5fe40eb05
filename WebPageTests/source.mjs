// The page's source files, read for the tests that look at the source itself (the edit
// vocabulary, the size bars, module-level state).
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/// The folder the server serves the page from.
export const WEB = join(dirname(fileURLToPath(import.meta.url)), "..", "Sources", "ArrangeServe", "Web");

/// Each page script's name and text.
export const sources = () => readdirSync(WEB).filter((name) => name.endsWith(".js"))
  .map((name) => ({ name, text: readFileSync(join(WEB, name), "utf8") }));

/// `text` with its comments, strings, template literals and regular expression literals
/// blanked (their characters turned to spaces, line breaks kept), so that braces and words
/// inside them are not read as code.
export function blanked(text) {
  let out = "";
  let i = 0;
  let last = "";   // the last character of code before here (a regex may follow an operator)
  const blank = (from, to) => {
    out += text.slice(from, to).replace(/[^\n]/g, " ");
    i = to;
  };
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if (c === "/" && next === "/") {
      const end = text.indexOf("\n", i);
      blank(i, end < 0 ? text.length : end);
    } else if (c === "/" && next === "*") {
      blank(i, text.indexOf("*/", i) + 2);
    } else if (c === '"' || c === "'" || c === "`" || (c === "/" && /[(,=:[!&|?{};]|^$/.test(last))) {
      let j = i + 1;
      let inClass = false;
      while (j < text.length && (text[j] !== c || inClass)) {
        if (text[j] === "\\") j += 1;
        else if (c === "/" && text[j] === "[") inClass = true;
        else if (c === "/" && text[j] === "]") inClass = false;
        j += 1;
      }
      out += c;
      blank(i + 1, j);
      out += c;
      i = j + 1;
      last = c;
    } else {
      out += c;
      if (!/\s/.test(c)) last = c;
      i += 1;
    }
  }
  return out;
}

/// The functions of `text` (declarations, methods and arrow functions with a block body): each
/// one's first line, its name (as the line says it) and how many lines it spans.
export function functions(text) {
  const code = blanked(text).split("\n");
  const found = [];
  code.forEach((line, at) => {
    if (!/\bfunction\b.*\{\s*$|=>\s*\{\s*$|^\s*(async\s+)?[A-Za-z_$][\w$]*\s*\([^)]*\)\s*\{\s*$/.test(line)) return;
    let depth = 0;
    for (let end = at; end < code.length; end++) {
      const from = end === at ? code[end].lastIndexOf("{") : 0;
      for (const c of code[end].slice(from)) {
        if (c === "{") depth += 1;
        else if (c === "}") depth -= 1;
      }
      if (depth <= 0) {
        found.push({ line: at + 1, name: text.split("\n")[at].trim(), lines: end - at + 1 });
        return;
      }
    }
  });
  return found;
}
