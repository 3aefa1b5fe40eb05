"""SortableJS's own browser suite (its tests/Sortable.test.js, run by TestCafe), scenario by
scenario, against arrange-lib.js: Simple Sorting, Grouping, Handles, Filter, Nested and Empty
Insert, each expecting what SortableJS's suite expects.

The pages are ours, built to the measures of SortableJS's test pages (items at least 50 px tall
with a 2 px border and 50 px lines, so 54 px; `.list` containers; two lists side by side, each
49% wide, for two lists and for an empty one; nested lists with 50 px of padding), and they use
our library's API and option names; the comment of each scenario says which of our options
stands for which of SortableJS's. SortableJS's suite changes a list's options on the page it
loaded (`Sortable.get(list).option(...)`); ours makes the lists with those options.

The gestures are TestCafe's, with real input (the DevTools protocol's mouse events, as
harness.mouse_drag sends them): `dragToElement(element, target)` presses at the element's centre
and releases at the target's; its `offsetY` / `destinationOffsetY` put the press / release that
many px below the top edge (x stays the centre); `drag(element, dx, dy, {offsetX, offsetY})`
moves by dx, dy from the press. The offsets are computed as SortableJS's suite computes them,
from the height of our page's items (its `itemHeight`, 54 px) and its leeway of 1 px, rounded as
JavaScript's Math.round rounds.

The library is served from WebLibrary/dist (harness.LIBRARY), through test_library's pages.

Run: cd BrowserTests && python3 -m unittest -v test_sortable_suite"""

import math
import unittest

from harness import chromium, mouse_drag, settled, wait_for
from test_library import ChromiumPage, Pages

# How long a page may take to load, or a drop to be shown, on a very busy machine.
LONG = 60
# SortableJS's suite's `leeway`: how far (px) either side of a threshold it releases.
LEEWAY = 1

# The look of SortableJS's test pages, in our words.
CSS = """
.list > div { min-height: 50px; border: 2px solid #555; line-height: 50px; text-align: center;
              font-size: 20px; font-family: Helvetica, Arial, sans-serif; }
.half { display: inline-block; vertical-align: top; width: 49%; margin: 0; padding: 0; }
.nested .list { padding: 50px; }
.nested .n1 > div { background: #cde; }
.nested .n2 > div { background: #cec; }
.handle { cursor: grab; padding-right: 4px; }
"""


def js_round(value):
    """JavaScript's Math.round (halves go up), which SortableJS's suite rounds its offsets with."""
    return math.floor(value + 0.5)


def items(number, count=5, handle=False, marked=None):
    """`count` items labelled "Item number.n"; `marked` (an n) gets the class `filtered`."""
    grip = '<span class="handle">::</span>' if handle else ""
    mark = lambda n: ' class="filtered"' if n == marked else ""
    return "".join(f"<div{mark(n)}>{grip}Item {number}.{n}</div>" for n in range(1, count + 1))


SINGLE = f'<div class="list" id="list1">{items(1)}</div>'
DUAL = f'<div class="list half" id="list1">{items(1)}</div>\n<div class="list half" id="list2">{items(2)}</div>'
EMPTY = f'<div class="list half" id="list1">{items(1)}</div>\n<div class="list half" id="list2"></div>'
HANDLES = f'<div class="list" id="list1">{items(1, handle=True)}</div>'
FILTERED = f'<div class="list" id="list1">{items(1, marked=3)}</div>'
NESTED = ('<div class="nested"><div class="list" id="list1">'
          '<div>Item 1.1<div class="list n1" id="n1a"><div>Item 2.1</div>'
          f'<div>Item 2.2<div class="list n2" id="n2">{items(3, count=4)}</div></div>'
          '<div>Item 2.3</div><div>Item 2.4</div></div></div>'
          '<div>Item 1.2</div><div>Item 1.3</div>'
          f'<div>Item 1.4<div class="list n1" id="n1b">{items(2, count=4)}</div></div>'
          '<div>Item 1.5</div></div></div>')


def suite_page(body, script):
    """A page of `body` and a module that loads the library and runs `script`, with `list(id,
    options)` making the element `id` sortable (the Sortable kept in `window.lists[id]`)."""
    return ('<!doctype html><meta charset="utf-8"><title>arrange-lib: SortableJS\'s scenarios</title>'
            f"<style>{CSS}</style>\n{body}\n"
            '<script type="module">\n'
            '  import { Arrange, DEFAULTS } from "./arrange-lib.js";\n'
            "  try {\n"
            "    const arrange = await Arrange.load();\n"
            "    window.arrange = arrange; window.defaults = DEFAULTS; window.lists = {};\n"
            "    const list = (id, options = {}) =>\n"
            "      (window.lists[id] = arrange.sortable(document.getElementById(id), options));\n"
            f"    {script}\n"
            "  } catch (error) { window.setupError = String(error && (error.stack || error)); }\n"
            "  window.ready = true;\n"
            "</script>")


def child(list_id, index):
    """A script expression: child `index` of the element `list_id`."""
    return f"document.getElementById({list_id!r}).children[{index}]"


class SuitePage(ChromiumPage):
    """One Chromium (tall enough for the nested page without scrolling, as TestCafe scrolls what
    it drags into view) and one page server per class."""

    @classmethod
    def setUpClass(cls):
        cls.pages = Pages()
        cls.driver = chromium(1000, 1400)

    def js(self, code, *arguments):
        return self.driver.execute_script(code, *arguments)

    def open(self, body, script):
        self.driver.get(self.pages.add(suite_page(body, script)))
        wait_for(lambda: self.js("return window.ready === true"), timeout=LONG,
                 what="the page's lists to be set up")
        self.assertIsNone(self.js("return window.setupError ?? null"), "the page's script threw")
        self.assertEqual(self.js("return scrollY"), 0, "the page is scrolled")

    def rect(self, script):
        return self.js(f"const r = ({script}).getBoundingClientRect();"
                       " return { left: r.left, top: r.top, width: r.width, height: r.height };")

    def centre(self, script):
        box = self.rect(script)
        return (box["left"] + box["width"] / 2, box["top"] + box["height"] / 2)

    def below_top(self, script, offset=0):
        """TestCafe's point `offset` px below an element's top edge, at its middle across."""
        box = self.rect(script)
        return (box["left"] + box["width"] / 2, box["top"] + offset)

    def under(self, point):
        """The label of the element the browser finds at `point` (its class, for a handle)."""
        return self.js("const e = document.elementFromPoint(arguments[0], arguments[1]);"
                       "return e ? (e.className || e.id || e.tagName) : null;", *point)

    def lists(self):
        """Each list's items by id, each item by its own text (without a nested list's)."""
        return self.js(
            "const own = (item) => [...item.childNodes].filter((n) => n.nodeType === 3)"
            "  .map((n) => n.textContent).join('').trim();"
            "return Object.fromEntries([...document.querySelectorAll('.list[id]')]"
            "  .map((list) => [list.id, [...list.children].map(own)]));")

    def drag(self, start, end):
        """Presses at `start`, moves to `end` in steps and releases there; waits for the drop."""
        mouse_drag(self.driver, start, end)
        settled(self.driver, timeout=LONG)

    def check(self, what, expected):
        """The positions SortableJS's suite checks after `what`: `expected` maps "list[index]"
        to the label there."""
        lists = self.lists()
        seen = {}
        for place in expected:
            name, index = place[:-1].split("[")
            order = lists.get(name, [])
            seen[place] = order[int(index)] if int(index) < len(order) else None
        self.assertEqual(seen, expected, f"after {what}, the lists are {lists}")


class SimpleSortingTests(SuitePage):
    """Fixture “Simple Sorting”: one list of five items (SortableJS's single-list.html). Its
    options `swapThreshold`, `invertSwap` and `invertedSwapThreshold` are ours by the same name
    and meaning."""

    def single(self, options=""):
        self.open(SINGLE, f'list("list1", {{ {options} }});')

    def test_sort_down_list(self):
        self.single()
        self.drag(self.centre(child("list1", 0)), self.centre(child("list1", 2)))
        self.check("Item 1.1 dragged onto Item 1.3", {"list1[2]": "Item 1.1", "list1[1]": "Item 1.3"})

    def test_sort_up_list(self):
        self.single()
        self.drag(self.centre(child("list1", 2)), self.centre(child("list1", 0)))
        self.check("Item 1.3 dragged onto Item 1.1", {"list1[0]": "Item 1.3", "list1[1]": "Item 1.1"})

    def released_into_item_2(self, options, rule, line):
        """SortableJS's threshold tests: Item 1.1 released on Item 1.2 `line(height)` - leeway px
        below its top edge stays where it is; released `line(height)` + leeway px below it, it
        takes Item 1.2's place. Both drags on one page, one after the other, as in its suite."""
        self.single(options)
        target = self.rect(child("list1", 1))
        height = target["height"]
        self.assertEqual(height, 54, "the items are not SortableJS's 54 px (the offsets follow them)")
        stay, move = js_round(line(height) - LEEWAY), js_round(line(height) + LEEWAY)
        x = target["left"] + target["width"] / 2
        self.drag(self.centre(child("list1", 0)), (x, target["top"] + stay))
        self.check(f"Item 1.1 released {stay} px below the top of Item 1.2 ({rule}; items {height} px tall)",
                   {"list1[0]": "Item 1.1", "list1[1]": "Item 1.2"})
        self.drag(self.centre(child("list1", 0)), (x, target["top"] + move))
        self.check(f"Item 1.1 released {move} px below the top of Item 1.2 ({rule}; items {height} px tall)",
                   {"list1[1]": "Item 1.1", "list1[0]": "Item 1.2"})

    def test_swap_threshold(self):
        # The swap area is the middle 60% of the item: it begins 20% in, 10.8 px of 54
        # (SortableJS: released 10 px in, no move; 12 px in, a move).
        self.released_into_item_2("swapThreshold: 0.6", "swapThreshold 0.6",
                                  lambda height: height / 2 * 0.4)

    def test_invert_swap(self):
        # invertSwap with the default threshold (1): the item is passed once the pointer is past
        # its middle (SortableJS: 26 px in, no move; 28 px in, a move).
        self.released_into_item_2("invertSwap: true", "invertSwap", lambda height: height / 2)

    def test_inverted_swap_threshold(self):
        # invertSwap with invertedSwapThreshold 0.5: the swap area is the quarter of the item at
        # its far edge, from 40.5 px of 54 (SortableJS: 40 px in, no move; 42 px in, a move).
        self.released_into_item_2("invertSwap: true, invertedSwapThreshold: 0.5",
                                  "invertSwap, invertedSwapThreshold 0.5",
                                  lambda height: height - height / 2 * 0.5)


class GroupingTests(SuitePage):
    """Fixture “Grouping”: two lists side by side (SortableJS's dual-list.html, list1 in group
    `shared`); Item 1.1 pressed at its top edge and released at the top edge of Item 2.1, which
    it goes before in list2 if list2 takes it."""

    def dropped_on_list2(self, list1, list2):
        self.open(DUAL, f'list("list1", {{ {list1} }}); list("list2", {{ {list2} }});')
        self.drag(self.below_top(child("list1", 0)), self.below_top(child("list2", 0)))

    def moved(self, what):
        self.check(what, {"list2[0]": "Item 1.1", "list2[1]": "Item 2.1"})

    def stayed(self, what):
        self.check(what, {"list1[0]": "Item 1.1", "list2[0]": "Item 2.1"})

    def test_move_to_list_of_the_same_group(self):
        # SortableJS: list2's group is set to 'shared'. Ours: `group: "shared"` on both.
        self.dropped_on_list2('group: "shared"', 'group: "shared"')
        self.moved("Item 1.1 dropped on Item 2.1, both lists in group shared")

    def test_do_not_move_to_list_of_different_group(self):
        # SortableJS: list2's group is null. Ours: list2 has no `group`, a group of its own.
        self.dropped_on_list2('group: "shared"', "")
        self.stayed("Item 1.1 dropped on Item 2.1 of a list of another group")

    def test_move_to_list_with_put_true(self):
        # SortableJS: list2's group is { put: true } (no name): it takes items from any list.
        # Ours has no `put`: a list takes items from the lists of its own group only, and its
        # `canDrop` (asked of the list an item would go to) is the rule that decides, as `put` is
        # the target's. So list2 joins list1's group and its canDrop takes every item.
        self.dropped_on_list2('group: "shared"', 'group: "shared", canDrop: () => true')
        self.moved("Item 1.1 dropped on Item 2.1 of a list whose canDrop takes everything")

    def test_do_not_move_from_list_with_pull_false(self):
        # SortableJS: list1's group is { pull: false }: its items go to no other list. Ours has no
        # `pull`: both lists are in one group, and list2's `canDrop` refuses list1's items.
        self.dropped_on_list2('group: "shared"',
                              'group: "shared", canDrop: (item, from, to) => from.id !== "list1"')
        self.stayed("Item 1.1 dropped on Item 2.1 of a list whose canDrop refuses list1's items")

    def test_clone_element_if_pull_clone(self):
        # SortableJS: list1's group is { pull: 'clone' }, list2's { put: true }. Ours: both in
        # group shared, list1 with `mode: "copy"` (a copy goes to the other list).
        self.dropped_on_list2('group: "shared", mode: "copy"', 'group: "shared"')
        self.check("Item 1.1 dropped on Item 2.1 from a list in copy mode",
                   {"list1[0]": "Item 1.1", "list2[0]": "Item 1.1", "list2[1]": "Item 2.1"})


class HandleTests(SuitePage):
    """Fixture “Handles”: every item has a grip `.handle` before its label (SortableJS's
    handles.html); our `handle` option is SortableJS's: a selector of the grip."""

    def setUp(self):
        super().setUp()
        self.open(HANDLES, 'list("list1", { handle: ".handle" });')

    def test_do_not_allow_dragging_not_using_handle(self):
        start = self.centre(child("list1", 0))
        self.assertNotEqual(self.under(start), "handle", "the middle of Item 1.1 is on its grip")
        self.drag(start, self.centre(child("list1", 1)))
        self.check("Item 1.1 dragged by its middle (not its grip) onto Item 1.2",
                   {"list1[0]": "Item 1.1", "list1[1]": "Item 1.2"})

    def test_allow_dragging_using_handle(self):
        start = self.centre(child("list1", 0) + ".querySelector('.handle')")
        self.assertEqual(self.under(start), "handle", "the middle of the grip is not on it")
        self.drag(start, self.centre(child("list1", 1)))
        self.check("Item 1.1 dragged by its grip onto Item 1.2",
                   {"list1[1]": "Item 1.1", "list1[0]": "Item 1.2"})


class FilterTests(SuitePage):
    """Fixture “Filter”: Item 1.3 has the class `filtered` (SortableJS's filter.html); our
    `filter` option is SortableJS's: a selector of items that do not drag."""

    def setUp(self):
        super().setUp()
        self.open(FILTERED, 'list("list1", { filter: ".filtered" });')

    def test_do_not_allow_dragging_of_filtered_element(self):
        # The filtered item, dragged onto the second item after it (Item 1.5).
        self.drag(self.centre(child("list1", 2)), self.centre(child("list1", 4)))
        self.check("the filtered Item 1.3 dragged onto Item 1.5",
                   {"list1[2]": "Item 1.3", "list1[4]": "Item 1.5"})

    def test_allow_dragging_of_non_filtered_element(self):
        # The first item that is not filtered (Item 1.1), dragged onto the second item after it:
        # the filtered Item 1.3, which still takes up its place and is passed like any other.
        # SortableJS then checks, from the first unfiltered item (now Item 1.2), that the next
        # sibling is Item 1.3 and the one after it Item 1.1.
        self.drag(self.centre(child("list1", 0)), self.centre(child("list1", 2)))
        self.check("Item 1.1 dragged onto the filtered Item 1.3",
                   {"list1[0]": "Item 1.2", "list1[1]": "Item 1.3", "list1[2]": "Item 1.1"})


class NestedTests(SuitePage):
    """Fixture “Nested”: list1 holds lists in Item 1.1 (n1a, which holds n2 in its Item 2.2) and
    in Item 1.4 (n1b), every list 50 px padded (SortableJS's nested.html). Every list is in group
    `shared` with `invertSwap`, as there. A drop is released at the top edge of the item it should
    go before."""

    def setUp(self):
        super().setUp()
        self.open(NESTED, 'for (const element of document.querySelectorAll(".list"))'
                          ' list(element.id, { group: "shared", invertSwap: true });')

    def test_dragging_from_level_1_to_level_0(self):
        self.drag(self.centre(child("n1a", 0)), self.below_top(child("list1", 2)))
        self.check("Item 2.1 (of the list in Item 1.1) released at the top edge of Item 1.3",
                   {"list1[2]": "Item 2.1", "list1[3]": "Item 1.3"})

    def test_dragging_from_level_0_to_level_2(self):
        self.drag(self.centre(child("list1", 1)), self.below_top(child("n2", 2)))
        self.check("Item 1.2 released at the top edge of Item 3.3 (two lists in)",
                   {"n2[2]": "Item 1.2", "n2[3]": "Item 3.3"})


class EmptyInsertTests(SuitePage):
    """Fixture “Empty Insert”: list1 and an empty list2 beside it, of no height, both in group
    `shared` (SortableJS's empty-list.html). Our `emptyInsertThreshold` is SortableJS's (both 5 px
    by default). Item 1.1 is pressed at its top-left corner and moved by (list2's left − its left
    − d, −d): released d px left of and above list2's top-left corner."""

    def released_near_list2(self, beyond):
        """Item 1.1 released threshold + `beyond` px from list2's corner; what the test says."""
        self.open(EMPTY, 'list("list1", { group: "shared" }); list("list2", { group: "shared" });')
        threshold = self.js("return window.lists.list2.options.emptyInsertThreshold"
                            " ?? window.defaults.emptyInsertThreshold")
        item, empty = self.rect(child("list1", 0)), self.rect("document.getElementById('list2')")
        self.assertEqual(empty["height"], 0, "the empty list has a height")
        distance = threshold + beyond
        start = (item["left"], item["top"])
        self.drag(start, (start[0] + js_round(empty["left"] - item["left"]) - distance, start[1] - distance))
        return (f"Item 1.1 released {distance} px left of and above the empty list's corner"
                f" (emptyInsertThreshold {threshold})")

    def test_insert_into_empty_list_if_within_empty_insert_threshold(self):
        what = self.released_near_list2(-1)
        self.check(what, {"list2[0]": "Item 1.1"})

    def test_do_not_insert_into_empty_list_if_outside_empty_insert_threshold(self):
        what = self.released_near_list2(+1)
        self.check(what, {"list1[0]": "Item 1.1"})


if __name__ == "__main__":
    unittest.main()
