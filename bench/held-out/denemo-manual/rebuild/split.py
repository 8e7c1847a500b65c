#!/usr/bin/env python3
"""Split the converted Denemo manual into pages.

usage: split.py WHOLE.md PAGES.txt OUT_DOCS_DIR

PAGES.txt lines: file|title|start, where start is the number of the
section heading that opens the page ("3.2", "A") or the start of an
unnumbered heading's text ("Part IV").  A page runs until the next page's
start; a file name of "-" drops everything from there on; everything
before the first start (title, table of contents) is dropped.  The start
heading becomes "# <title>"; the other headings lose their numbers and are
lifted so the page's start level becomes 1 (never above level 2).  "Part"
headings inside a page and headings left without text are dropped.
"""
import json
import os
import re
import sys

# The shared modules sit beside the books: no __pycache__ there (it would read as a book).
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from page_plan import headings, read_plan  # noqa: E402

whole, pages_txt, out_dir = sys.argv[1:4]

plan = read_plan(pages_txt)

lines = open(whole, encoding="utf-8").read().split("\n")
NUM = r"(?:[A-Z](?:\.\d+)*|\d+(?:\.\d+)*)"
heads = []  # (line index, level, number, text)
for i, level, text in headings(lines):
    nm = re.match(r"^(" + NUM + r")(?:\s+(.*))?$", text)
    if nm and not text.startswith(("Part ", "Acknowledgements", "Index")):
        num, name = nm.group(1), (nm.group(2) or "").strip()
    else:
        num, name = "", text
    heads.append((i, level, num, name))


def find_start(start):
    for i, level, num, name in heads:
        if num == start or (not num and name.startswith(start)):
            return i, level
    sys.exit("split.py: no heading for start %r" % start)


starts = [find_start(s) for _, _, s in plan]
for a, b in zip(starts, starts[1:]):
    if b[0] <= a[0]:
        sys.exit("split.py: pages out of order")

os.makedirs(out_dir, exist_ok=True)
for k, (name, title, start) in enumerate(plan):
    if name == "-":
        break
    lo, top = starts[k]
    hi = starts[k + 1][0] if k + 1 < len(starts) else len(lines)
    out = ["# " + title]
    fence = False
    for line in lines[lo + 1:hi]:
        if line.startswith("```"):
            fence = not fence
        if not fence:
            m = re.match(r"^(#{1,6}) (.*)$", line)
            if m:
                text = m.group(2).strip()
                if re.match(r"^Part [IVX]+\b", text):
                    continue
                text = re.sub(r"^" + NUM + r"(\s+|$)", "", text).strip()
                if not text:
                    continue
                level = max(2, len(m.group(1)) - (top - 1))
                line = "#" * level + " " + text
            else:
                line = line.rstrip()
        out.append(line)
    body = "\n".join(out)
    body = body.replace("Barline s Palette", "Barlines Palette")
    body = re.sub(r"\n{3,}", "\n\n", body).strip() + "\n"
    fm = "---\ntitle: %s\nsidebar_position: %d\n---\n\n" % (json.dumps(title, ensure_ascii=False), k + 1)
    with open(os.path.join(out_dir, name + ".md"), "w", encoding="utf-8") as f:
        f.write(fm + body)
