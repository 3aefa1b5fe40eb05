"""The web library as a web developer installs it: `npm pack` of WebLibrary/, the tarball
installed into an empty project with no registry (offline), and pages that import the library
by its package name — through an import map (no build step), and bundled by esbuild — dragged
with real input in headless Chromium. Also the single file as a person copies it, with its
module beside it.

Run: cd BrowserTests && python3 -m unittest -v test_package"""

import functools
import http.server
import json
import os
import shutil
import subprocess
import tempfile
import threading
import unittest

from harness import LIBRARY, ROOT, chromium, mouse_drag, settled, wait_for

PACKAGE = os.path.join(ROOT, "WebLibrary")

LIST = """<!doctype html><meta charset="utf-8"><title>package test</title>
<style>body { margin: 0; font: 16px sans-serif; } ul { list-style: none; margin: 20px; padding: 0;
width: 200px; } li { height: 30px; margin: 0 0 10px; background: #ddd; }</style>
<ul id="tasks"><li>Write</li><li>Review</li><li>Ship</li></ul>
"""

SCRIPT = """import { Arrange, DEFAULTS } from "arrange-lib";
window.drops = [];
const arrange = await Arrange.load(%s);
arrange.sortable(document.getElementById("tasks"), {
  onDrop: ({ item, toIndex }) => window.drops.push([item.textContent, toIndex]),
});
window.defaults = DEFAULTS.swapThreshold;
window.ready = true;
"""


class Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".js": "text/javascript"}

    def log_message(self, *args):
        pass


def run(arguments, folder):
    """Runs `arguments` in `folder` (no registry is reachable: offline), failing with its output."""
    done = subprocess.run(arguments, cwd=folder, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "npm_config_offline": "true", "npm_config_audit": "false",
                               "npm_config_fund": "false", "npm_config_update_notifier": "false"})
    if done.returncode != 0:
        raise AssertionError(f"{' '.join(arguments)} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
    return done.stdout


class PackageTests(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="arrange-package-")
        packed = run(["npm", "pack", PACKAGE, "--json", "--pack-destination", cls.folder], cls.folder)
        cls.manifest = json.loads(packed)[0]
        cls.project = os.path.join(cls.folder, "app")
        os.mkdir(cls.project)
        with open(os.path.join(cls.project, "package.json"), "w", encoding="utf-8") as file:
            json.dump({"name": "app", "version": "1.0.0", "private": True, "type": "module"}, file)
        run(["npm", "install", "--offline", "--no-audit", "--no-fund",
             os.path.join(cls.folder, cls.manifest["filename"])], cls.project)
        handler = functools.partial(Quiet, directory=cls.project)
        cls.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=cls.server.serve_forever, daemon=True).start()
        cls.driver = chromium(900, 600)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.shutdown()
        shutil.rmtree(cls.folder, ignore_errors=True)

    def url(self, name):
        return f"http://127.0.0.1:{self.server.server_address[1]}/{name}"

    def write(self, name, text):
        with open(os.path.join(self.project, name), "w", encoding="utf-8") as file:
            file.write(text)

    def drag_first_to_last(self, name):
        self.driver.get(self.url(name))
        wait_for(lambda: self.driver.execute_script("return window.ready === true || window.failed"),
                 what="the library to load from the package")
        self.assertIsNone(self.driver.execute_script("return window.failed ?? null"))
        first, last = self.driver.execute_script(
            "return [...document.querySelectorAll('#tasks li')].filter((li, i) => i !== 1)"
            ".map(li => { const r = li.getBoundingClientRect(); return [r.left + 50, r.top + r.height / 2]; })")
        mouse_drag(self.driver, first, (last[0], last[1] + 5))
        settled(self.driver)
        self.assertEqual(self.driver.execute_script(
            "return [...document.querySelectorAll('#tasks li')].map(li => li.textContent)"),
            ["Review", "Ship", "Write"])
        self.assertEqual(self.driver.execute_script("return window.drops"), [["Write", 2]])
        self.assertEqual(self.driver.execute_script("return window.defaults"), 1)

    def test_the_tarball_holds_the_package_and_nothing_else(self):
        files = sorted(entry["path"] for entry in self.manifest["files"])
        for needed in ["package.json", "README.md", "dist/arrange-lib.js", "dist/arrange-lib.d.ts",
                       "dist/arrange.wasm", "src/index.js", "src/codes.js", "src/sensors/pointer.js"]:
            self.assertIn(needed, files)
        self.assertFalse([name for name in files if name.startswith(("test/", "scripts/"))], files)
        installed = os.path.join(self.project, "node_modules", "arrange-lib")
        with open(os.path.join(installed, "dist", "arrange.wasm"), "rb") as copy, \
                open(os.path.join(LIBRARY, "arrange.wasm"), "rb") as original:
            self.assertEqual(copy.read(), original.read())

    def test_a_page_imports_it_by_name_through_an_import_map(self):
        self.write("mapped.html", LIST + """<script type="importmap">
{ "imports": { "arrange-lib": "./node_modules/arrange-lib/src/index.js" } }
</script><script type="module">
window.addEventListener("unhandledrejection", (event) => { window.failed = String(event.reason); });
""" + SCRIPT % "" + "</script>")
        self.drag_first_to_last("mapped.html")

    def test_a_page_bundled_by_esbuild_imports_it_by_name(self):
        self.write("main.js", SCRIPT % '"./node_modules/arrange-lib/dist/arrange.wasm"')
        run(["esbuild", "main.js", "--bundle", "--format=esm", "--outfile=bundle.js", "--log-level=warning"],
            self.project)
        self.write("bundled.html", LIST + '<script type="module" src="bundle.js"></script>')
        self.drag_first_to_last("bundled.html")

    def test_node_resolves_the_package_s_entry_points(self):
        script = ("import { Arrange, DEFAULTS } from 'arrange-lib';"
                  "import { createRequire } from 'node:module';"
                  "const require = createRequire(import.meta.url);"
                  "console.log(typeof Arrange.load, DEFAULTS.emptyInsertThreshold,"
                  " require.resolve('arrange-lib/arrange.wasm').endsWith('dist/arrange.wasm'),"
                  " require.resolve('arrange-lib/bundle').endsWith('dist/arrange-lib.js'))")
        self.assertEqual(run(["node", "--input-type=module", "-e", script], self.project).strip(),
                         "function 5 true true")

    def test_the_single_file_copied_beside_its_module(self):
        for name in ["arrange-lib.js", "arrange.wasm"]:
            shutil.copy(os.path.join(LIBRARY, name), os.path.join(self.project, name))
        self.write("copied.html", LIST + '<script type="module">'
                   + (SCRIPT % "").replace('"arrange-lib"', '"./arrange-lib.js"') + "</script>")
        self.drag_first_to_last("copied.html")


if __name__ == "__main__":
    unittest.main()
