#!/usr/bin/env python3
"""Checks the bars on the size of the server's code: no source file over 600 lines, no function
over 80 lines (a function's lines from its first to its closing brace, comments included), in
every Swift file of Sources/ArrangeServe. (The page's scripts are held to the same bars by
WebPageTests/bars.test.mjs, in node.) CI runs it with the format check; run it alone with
`python3 Scripts/check-sizes.py` (`--report` prints the longest functions too).

Functions are found by their braces: any block but a control statement's and a type's (a
`func`, `init`, accessor or closure). Strings, string interpolations and comments are skipped
when counting braces, so a brace inside them does not end a function. (The JavaScript rules
below are kept for `--javascript FILE…`, to compare with the page's own check.)"""

import glob
import os
import re
import sys

ROOT = os.environ.get("ARRANGE_ROOT") or os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAX_FILE_LINES = 600
MAX_FUNCTION_LINES = 80


def code_braces(text, swift):
    """Yields (offset, brace) for each `{` and `}` of `text` outside strings and comments."""
    i, n = 0, len(text)
    previous_significant = ""
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            i = text.find("\n", i)
            i = n if i < 0 else i
            continue
        if text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = n if end < 0 else end + 2
            continue
        if swift and text.startswith('"""', i):
            end = text.find('"""', i + 3)
            i = n if end < 0 else end + 3
            continue
        if c in "\"'`" and (c != "'" or not swift):
            i = skip_string(text, i, c, swift)
            previous_significant = "a"
            continue
        if c == "/" and not swift and previous_significant in "(,=:[!&|?{};+-*%<>~^" :
            i = skip_regex(text, i)
            previous_significant = "a"
            continue
        if c in "{}":
            yield i, c
        if not c.isspace():
            previous_significant = c if not (c.isalnum() or c == "_") else "a"
        i += 1


def skip_string(text, i, quote, swift):
    """The offset after the string literal starting at `i` (template literals: their `${…}`
    parts are skipped whole, braces balanced)."""
    i += 1
    n = len(text)
    while i < n:
        c = text[i]
        if c == "\\":
            if swift and text.startswith("\\(", i):
                depth, i = 1, i + 2
                while i < n and depth:
                    depth += {"(": 1, ")": -1}.get(text[i], 0)
                    i += 1
                continue
            i += 2
            continue
        if quote == "`" and text.startswith("${", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text[i] in "\"'`":
                    i = skip_string(text, i, text[i], swift)
                    continue
                depth += {"{": 1, "}": -1}.get(text[i], 0)
                i += 1
            continue
        if c == quote:
            return i + 1
        if c == "\n" and quote != "`":
            return i + 1
        i += 1
    return n


def skip_regex(text, i):
    """The offset after the regular expression literal starting at `i`."""
    i += 1
    in_class = False
    n = len(text)
    while i < n:
        c = text[i]
        if c == "\\":
            i += 2
            continue
        if c == "[":
            in_class = True
        elif c == "]":
            in_class = False
        elif c == "/" and not in_class:
            i += 1
            while i < n and text[i].isalpha():
                i += 1
            return i
        elif c == "\n":
            return i
        i += 1
    return n


CONTROL = re.compile(
    r"^\s*(\}\s*)?((public|package|private|fileprivate|internal|final|open|indirect|@\w+)\s+)*"
    r"(if|else|for|while|switch|do|try|catch|finally|guard|defer|repeat|case|default"
    r"|class|struct|enum|extension|protocol|actor|import|export)\b")
OBJECT = re.compile(r"(=|\(|,|:|return|\[|\?|\|\||&&|\?\?)\s*$")


def is_function(before, swift):
    """Whether a block whose line reads `before` up to its `{` is a function's body: any block
    but a control statement's, a type's, and (in JavaScript) an object literal."""
    head = before.strip()
    if CONTROL.search(head):
        # `} else {`, `if (…) {`, `class X {`: not a function, unless a function starts later on
        # the line (`if (x) items.forEach(() => {`).
        return bool(re.search(r"=>\s*$|\bfunction\b", head))
    if swift:
        return True
    if re.search(r"=>\s*$", head) or re.search(r"\bfunction\b", head):
        return True
    return not OBJECT.search(head) and head != ""


def functions(path):
    """(head, first line, lines) of each function-like block in the file at `path`."""
    text = open(path, encoding="utf-8").read()
    swift = path.endswith(".swift")
    line_of = []
    line = 1
    for ch in text:
        line_of.append(line)
        if ch == "\n":
            line += 1
    stack = []
    found = []
    for offset, brace in code_braces(text, swift):
        if brace == "{":
            before = text[text.rfind("\n", 0, offset) + 1:offset]
            stack.append((offset, before.strip(), is_function(before, swift)))
        elif stack:
            opened, head, function = stack.pop()
            if function:
                first, last = line_of[opened], line_of[offset]
                found.append((head[:70] or "(block)", first, last - first + 1))
    return found


def main():
    report = "--report" in sys.argv
    given = [argument for argument in sys.argv[1:] if not argument.startswith("--")]
    files = given if "--javascript" in sys.argv else sorted(
        glob.glob(os.path.join(ROOT, "Sources/ArrangeServe/**/*.swift"), recursive=True))
    failures = []
    longest = []
    for path in files:
        name = os.path.relpath(path, ROOT)
        count = sum(1 for _ in open(path, encoding="utf-8"))
        if count > MAX_FILE_LINES:
            failures.append(f"{name}: {count} lines (at most {MAX_FILE_LINES})")
        for head, first, lines in functions(path):
            longest.append((lines, f"{name}:{first} {head}"))
            if lines > MAX_FUNCTION_LINES:
                failures.append(f"{name}:{first}: a function of {lines} lines (at most "
                                f"{MAX_FUNCTION_LINES}): {head}")
    longest.sort(reverse=True)
    if report:
        for lines, where in longest[:10]:
            print(f"{lines:4} {where}")
    biggest = max((sum(1 for _ in open(p, encoding="utf-8")), os.path.relpath(p, ROOT)) for p in files)
    print(f"{len(files)} files; the longest {biggest[0]} lines "
          f"({biggest[1]}), the longest function {longest[0][0]} lines ({longest[0][1]})")
    for failure in failures:
        print(failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
