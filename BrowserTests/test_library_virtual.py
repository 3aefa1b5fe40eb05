"""Virtual lists of arrange-lib (`arrange.virtualList`) on plain test pages in headless Chromium,
beyond the gallery's big page: a horizontal list, a list of items of their own heights
(`sizeOf`), two virtual lists sharing a group (an item moved from one to the other, and back by
undo), and what a virtual list refuses to be made with.

Run: cd BrowserTests && python3 -m unittest -v test_library_virtual"""

import unittest

from selenium.webdriver.common.keys import Keys

from harness import chromium, mouse_drag, wait_for
from test_library import Pages

PAGE = """<!doctype html><meta charset="utf-8"><title>virtual lists</title>
<style>
  body { margin: 0; font: 14px sans-serif; }
  .v { height: 300px; width: 220px; overflow: auto; display: inline-block; margin: 10px;
       vertical-align: top; }
  .h { width: 600px; height: 60px; overflow: auto; margin: 10px; }
  .g { width: 420px; height: 300px; overflow: auto; margin: 10px; }
  .g div { box-sizing: border-box; border: 1px solid #c99; background: #fee; font-size: 11px; }
  .v div, .h div { box-sizing: border-box; border: 1px solid #99c; background: #eef; }
</style>
<div id="a" class="v"></div><div id="b" class="v"></div><div id="row" class="h"></div>
<div id="tiles" class="g"></div>
<script type="module">
  import { Arrange } from "./arrange-lib.js";
  const arrange = await Arrange.load();
  const make = (prefix, count) => Array.from({ length: count }, (_, index) => `${prefix}${index + 1}`);
  const data = { a: make("a", 5000), b: make("b", 5000), row: make("r", 10000), tiles: make("t", 3000) };
  window.data = data;
  window.drops = [];
  const render = (name) => (index) => {
    const element = document.createElement("div");
    element.textContent = data[name][index];
    element.dataset.n = data[name][index];
    return element;
  };
  // Moves an item from `from`'s data to `to`'s, as each drop, undo and redo says.
  const onDrop = ({ from, fromIndex, to, toIndex, cause }) => {
    const [item] = data[from.id].splice(fromIndex, 1);
    data[to.id].splice(toIndex, 0, item);
    window.drops.push([item, from.id, fromIndex, to.id, toIndex, cause]);
  };
  // List a: heights of their own (every third row 50 px, the others 24); b: all 30 px.
  const tall = (name) => (index) => (Number(data[name][index].slice(1)) % 3 === 0 ? 50 : 24);
  window.lists = {
    a: arrange.virtualList(document.getElementById("a"), { group: "ab", count: 5000, sizeOf: tall("a"),
      gap: 2, render: render("a"), label: "A", onDrop }),
    b: arrange.virtualList(document.getElementById("b"), { group: "ab", count: 5000, itemSize: 30, gap: 2,
      render: render("b"), label: "B", onDrop }),
    row: arrange.virtualList(document.getElementById("row"), { direction: "horizontal", count: 10000,
      itemSize: 70, gap: 4, render: render("row"), label: "Row", onDrop }),
    // Tiles of their own widths (30 to 110 px) and heights (24 or 40), by their number.
    tiles: arrange.virtualList(document.getElementById("tiles"), { direction: "grid", count: 3000, gap: 4,
      sizeOf: (index) => {
        const n = Number(data.tiles[index].slice(1));
        return { width: 30 + (n * 37) % 81, height: n % 4 === 0 ? 40 : 24 };
      }, render: render("tiles"), label: "Tiles", onDrop }),
  };
  try {
    arrange.sortable(document.createElement("ul"), { group: "ab" });
    window.mixed = "allowed";
  } catch (error) {
    window.mixed = error.message;
  }
  window.ready = true;
</script>"""

CENTER = """const r = document.querySelector(arguments[0]).getBoundingClientRect();
return [r.left + r.width / 2, r.top + r.height / 2]"""


class VirtualListTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.pages = Pages()
        cls.driver = chromium(1000, 800)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.pages.stop()

    def setUp(self):
        self.driver.get(self.pages.add(PAGE))
        wait_for(lambda: self.driver.execute_script("return window.ready === true"), what="the page")

    def js(self, code, *args):
        return self.driver.execute_script(code, *args)

    def data(self, name):
        return self.js(f"return window.data.{name}")

    def agrees(self, name):
        """Every drawn item of list `name` is its data's item at the place it says."""
        drawn = self.js(f"return [...document.querySelectorAll('#{name} .arrange-track > div')]"
                        ".map((e) => [e.dataset.n, Number(e.getAttribute('aria-posinset'))])")
        data = self.data(name)
        self.assertGreater(len(drawn), 3)
        for number, place in drawn:
            self.assertEqual(data[place - 1], number, f"{name}: {number} says place {place}")

    def said(self):
        return self.js("return document.querySelector('.arrange-live')?.textContent ?? ''")

    def test_a_horizontal_list_drags_by_mouse_and_by_keyboard(self):
        # r2 onto r6's place (74 px apart); drawn: what 600 px show, and a margin.
        self.assertLess(self.js("return document.querySelectorAll('#row .arrange-track > div').length"), 30)
        start = self.js(CENTER, "#row [data-n='r2']")
        end = self.js(CENTER, "#row [data-n='r6']")
        mouse_drag(self.driver, start, (end[0] + 8, end[1]), steps=16)
        wait_for(lambda: self.data("row")[5] == "r2", what="r2 at place 6")
        self.assertEqual(self.data("row")[:6], ["r1", "r3", "r4", "r5", "r6", "r2"])
        self.agrees("row")
        # The keyboard: → steps along the row, past what is drawn (the row scrolls).
        item = self.driver.find_element("css selector", "#row [data-n='r1']")
        self.js("arguments[0].focus()", item)
        item.send_keys(" ")
        self.driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT * 40)
        self.driver.switch_to.active_element.send_keys(" ")
        wait_for(lambda: self.data("row")[40] == "r1", what="r1 at place 41")
        self.assertEqual(self.said(), "Dropped r1 in Row, position 41 of 10,000")
        self.assertGreater(self.js("return document.getElementById('row').scrollLeft"), 2000)
        self.agrees("row")

    def test_a_drop_is_shown_at_once_not_a_frame_later(self):
        # A virtual list's drop changes a few dozen drawn items: it is shown in the release's own
        # task, which the next frame then lays out and draws (a list of every item drawn waits
        # for that frame). A frame requested when the release began has not come by the drop.
        self.js("""window.framed = [];
          window.addEventListener('pointerup', () => {
            const seen = { frame: false };
            requestAnimationFrame(() => { seen.frame = true; });
            const onDrop = window.lists.b.options.onDrop;
            window.lists.b.options.onDrop = (event) => {
              window.framed.push(seen.frame);
              window.lists.b.options.onDrop = onDrop;
              return onDrop(event);
            };
          }, true);""")
        start = self.js(CENTER, "#b [data-n='b1']")
        end = self.js(CENTER, "#b [data-n='b4']")
        mouse_drag(self.driver, start, (end[0], end[1] + 8), steps=12)
        wait_for(lambda: self.data("b")[3] == "b1", what="b1 at place 4")
        self.assertEqual(self.js("return window.framed"), [False])
        self.agrees("b")

    def test_a_drop_moves_one_element_and_items_are_the_drawn_elements(self):
        # b1 dropped on b6's place (well inside the list's 300 px: near its foot the list would
        # scroll): the five between take a place each, but in the page only b1's element moves
        # (each one moved is laid out anew: moving all six made a drop slow).
        self.js("""window.added = 0;
          new MutationObserver((records) => {
            for (const record of records) window.added += record.addedNodes.length;
          }).observe(document.querySelector('#b .arrange-track'), { childList: true });""")
        start = self.js(CENTER, "#b [data-n='b1']")
        end = self.js(CENTER, "#b [data-n='b6']")
        mouse_drag(self.driver, start, (end[0], end[1] + 8), steps=16)
        wait_for(lambda: self.data("b")[5] == "b1", what="b1 at place 6")
        self.assertEqual(self.js("return document.getElementById('b').scrollTop"), 0)
        self.assertEqual(self.js("return window.added"), 1)
        self.agrees("b")
        # `items()`: the elements drawn, in order.
        self.assertEqual(self.js("return window.lists.b.items().slice(0, 8).map((e) => e.dataset.n)"),
                         ["b2", "b3", "b4", "b5", "b6", "b1", "b7", "b8"])

    def test_items_rest_at_a_transform_that_moves_nothing(self):
        # Each drawn item rests at a transform that moves nothing, so that making room changes a
        # transform's value, which the browser draws without laying the list out again (from
        # none to one, it lays out each item that starts or stops making room).
        rest = "translate(0px, 0px)"
        transforms = lambda: self.js("return Object.fromEntries([...document.querySelectorAll('#b .arrange-track > div')]"
                                     ".map((e) => [e.dataset.n, e.style.transform]))")
        self.assertEqual(set(transforms().values()), {rest})
        shown = {}

        def making_room():
            # b3 to b5 make room (a row up each); the others rest.
            wait_for(lambda: transforms()["b5"] != rest, what="b5 to make room")
            shown.update(transforms())

        start = self.js(CENTER, "#b [data-n='b2']")
        end = self.js(CENTER, "#b [data-n='b5']")
        mouse_drag(self.driver, start, (end[0], end[1] + 8), steps=12, before_release=making_room)
        self.assertTrue(all(shown[n].startswith("translateY(-") for n in ("b3", "b4", "b5")), shown)
        self.assertEqual({shown[n] for n in shown if n not in ("b2", "b3", "b4", "b5")}, {rest})
        wait_for(lambda: self.data("b")[4] == "b2", what="b2 at place 5")
        # After the drop, every drawn item rests again, the dragged one too.
        wait_for(lambda: set(transforms().values()) == {rest}, what="the items to rest")
        self.agrees("b")

    def test_an_items_own_transform_is_where_it_rests(self):
        # The app's render gives each element a transform of its own: the element rests at it,
        # making room moves it from there, and it has it again after the drop.
        self.js("const list = window.lists.b; const render = list.options.render;"
                "list.options.render = (index) => { const element = render(index);"
                " element.style.transform = 'rotate(1deg)'; return element; };"
                "list.reset();")
        transforms = lambda: set(self.js("return [...document.querySelectorAll('#b .arrange-track > div')]"
                                         ".map((e) => e.style.transform)"))
        self.assertEqual(transforms(), {"rotate(1deg)"})
        start = self.js(CENTER, "#b [data-n='b2']")
        end = self.js(CENTER, "#b [data-n='b5']")
        mouse_drag(self.driver, start, (end[0], end[1] + 8), steps=12)
        wait_for(lambda: self.data("b")[4] == "b2", what="b2 at place 5")
        wait_for(lambda: transforms() == {"rotate(1deg)"}, what="the items to rest at their own transform")
        self.agrees("b")

    def slid_by(self, change):
        """The items (`data-n`) that slide after `change()` (JavaScript run in the page): the ones
        an animation starts on, which the slide starts all at once."""
        wait_for(lambda: self.js("return document.getAnimations().length === 0"), what="earlier slides to end")
        self.js("window.slid = []; const animate = Element.prototype.animate;"
                "Element.prototype.animate = function (...args) { window.slid.push(this.dataset.n);"
                " return animate.apply(this, args); };")
        self.js(change)
        wait_for(lambda: self.js("return window.slid.length > 0"), what="the slide")
        return sorted(set(self.js("return window.slid")))

    def test_an_undo_slides_each_item_it_moves_and_only_those(self):
        # b2 dropped on b6's place, then undone: nothing made room for the undo, so each item it
        # moves (b2 back to place 2, b3 to b6 a place on) slides from where it was drawn; the
        # rows before and after stay where they are.
        start = self.js(CENTER, "#b [data-n='b2']")
        end = self.js(CENTER, "#b [data-n='b6']")
        mouse_drag(self.driver, start, (end[0], end[1] + 8), steps=16)
        wait_for(lambda: self.data("b")[5] == "b2", what="b2 at place 6")
        self.assertEqual(self.slid_by("window.lists.b.undo()"), ["b2", "b3", "b4", "b5", "b6"])
        self.assertEqual(self.data("b")[:7], ["b1", "b2", "b3", "b4", "b5", "b6", "b7"])
        # Redone: the same five, the other way.
        self.assertEqual(self.slid_by("window.lists.b.redo()"), ["b2", "b3", "b4", "b5", "b6"])
        # Between the lists: a1 into B, undone. In A every row after a1's place moves (down, as
        # a1 comes back); in B every row after a1's; of those drawn, each slides, and no other.
        # a1 goes back with the element it was drawn with in B, sliding across from there.
        start = self.js(CENTER, "#a [data-n='a1']")
        end = self.js(CENTER, "#b [data-n='b4']")
        mouse_drag(self.driver, start, (end[0], end[1] - 6), steps=20)
        wait_for(lambda: "a1" in self.data("b"), what="a1 in list B")
        at = self.data("b").index("a1")
        drawn = lambda: {name: set(self.js(f"return window.lists.{name}.items().map((e) => e.dataset.n)"))
                         for name in "ab"}
        before = drawn()
        self.js("document.querySelector(\"#b [data-n='a1']\").dataset.was = 'b'")
        slid = set(self.slid_by("window.lists.a.undo()"))
        self.assertEqual(self.data("a")[0], "a1")
        self.assertIn("a1", slid)
        self.assertEqual(self.js("return [...document.querySelectorAll(\"[data-n='a1']\")]"
                                 ".map((e) => [e.closest('#a, #b').id, e.dataset.was])"), [["a", "b"]])
        slid.discard("a1")
        # Those drawn before and after (one that comes into view is drawn where it is).
        after = drawn()
        kept = {name: before[name] & after[name] for name in "ab"}
        moved = {n for n in kept["a"] if n != "a1"} | {n for n in kept["b"] if self.data("b").index(n) >= at}
        self.assertGreater(len(moved), 10)
        self.assertEqual(slid, moved)

    def test_items_of_their_own_heights_land_where_they_are_dropped(self):
        # a1 (24 px) dropped on a6's place: a3 and a6 are 50 px tall.
        start = self.js(CENTER, "#a [data-n='a1']")
        end = self.js(CENTER, "#a [data-n='a6']")
        mouse_drag(self.driver, start, (end[0], end[1] + 10), steps=16)
        wait_for(lambda: self.data("a")[5] == "a1", what="a1 at place 6")
        self.assertEqual(self.data("a")[:7], ["a2", "a3", "a4", "a5", "a6", "a1", "a7"])
        # Drawn at the places the heights make, once the items have slid there: a6 (50 px) ends
        # where a1 begins.
        wait_for(lambda: self.js("return document.getAnimations().length === 0"), what="the slide to end")
        a6, a1 = self.js("return ['a6', 'a1'].map((n) => document.querySelector(`#a [data-n='${n}']`)"
                         ".getBoundingClientRect())")
        self.assertAlmostEqual(a6["height"], 50, delta=0.5)
        self.assertAlmostEqual(a1["top"], a6["bottom"] + 2, delta=0.5)
        self.agrees("a")

    def test_an_item_moves_to_the_other_list_of_its_group_and_back_by_undo(self):
        start = self.js(CENTER, "#a [data-n='a2']")
        end = self.js(CENTER, "#b [data-n='b3']")
        mouse_drag(self.driver, start, (end[0], end[1] - 6), steps=20)
        wait_for(lambda: "a2" in self.data("b"), what="a2 in list B")
        self.assertEqual(self.data("b")[:4], ["b1", "b2", "a2", "b3"])
        self.assertNotIn("a2", self.data("a"))
        self.assertEqual(self.said(), "Dropped a2 in B, position 3 of 5,001")
        self.agrees("a")
        self.agrees("b")
        # The lists have their new lengths, drawn and told.
        self.assertEqual(self.js("return [window.lists.a.count, window.lists.b.count]"), [4999, 5001])
        self.assertEqual(self.js("return document.querySelector('#b .arrange-track > div')"
                                 ".getAttribute('aria-setsize')"), "5001")
        # Scrolled far from both places, then undone: back where it was.
        self.js("document.getElementById('a').scrollTop = 60000; document.getElementById('b').scrollTop = 60000")
        wait_for(lambda: self.js("return !document.querySelector('#b [data-n=\"a2\"]')"), what="a2 not drawn")
        self.assertTrue(self.js("return window.lists.b.undo()"))
        self.assertEqual(self.data("a")[:3], ["a1", "a2", "a3"])
        self.assertEqual(self.data("b")[:3], ["b1", "b2", "b3"])
        self.assertEqual(self.js("return window.drops.map((d) => d.slice(0, 5).concat(d[5]))"),
                         [["a2", "a", 1, "b", 2, "drop"], ["a2", "b", 2, "a", 1, "undo"]])

    def test_tiles_of_their_own_sizes_wrap_as_the_engine_lays_them_and_drag_across_lines(self):
        self.wait_drawn("tiles")
        rects = self.js("return [...document.querySelectorAll('#tiles .arrange-track > div')].map((e) => {"
                        " const r = e.getBoundingClientRect(); return [e.dataset.n, r.left, r.top, r.width, r.height]; })")
        # Each tile its own size, none overlapping another, in rows that wrap at the grid's width.
        for n, _, _, width, height in rects:
            number = int(n[1:])
            self.assertAlmostEqual(width, 30 + (number * 37) % 81, delta=0.5)
            self.assertAlmostEqual(height, 40 if number % 4 == 0 else 24, delta=0.5)
        for i, (_, left, top, width, height) in enumerate(rects):
            for (_, left2, top2, width2, height2) in rects[i + 1:]:
                apart = (left + width <= left2 + 0.5 or left2 + width2 <= left + 0.5
                         or top + height <= top2 + 0.5 or top2 + height2 <= top + 0.5)
                self.assertTrue(apart, f"{rects[i][0]} overlaps")
        # t2 dropped on t14's place, a line or two down: it lands there.
        start = self.js(CENTER, "#tiles [data-n='t2']")
        end = self.js(CENTER, "#tiles [data-n='t14']")
        mouse_drag(self.driver, start, end, steps=16)
        wait_for(lambda: self.data("tiles")[13] == "t2", what="t2 at place 14")
        self.assertEqual(self.data("tiles")[:3], ["t1", "t3", "t4"])
        self.agrees("tiles")

    def wait_drawn(self, name):
        wait_for(lambda: self.js(f"return document.querySelectorAll('#{name} .arrange-track > div').length > 20"),
                 what=f"list {name} drawn")

    def test_a_group_is_all_virtual_lists_or_none(self):
        self.assertEqual(self.js("return window.mixed"),
                         "sortable: a group's lists are all virtual lists or none of them")


if __name__ == "__main__":
    unittest.main()
