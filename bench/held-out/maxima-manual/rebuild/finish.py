#!/usr/bin/env python3
"""Finish the pages pandoc made: drop sections left empty (a heading followed directly by one of the
same or a higher level, e.g. "Introduction to Command Line", whose node has no text), squeeze runs of
blank lines outside code fences, and add the front matter with the title from the plan.

usage: finish.py MD_DIR PAGES.txt OUT_DOCS_DIR
"""
import os
import re
import sys

# The shared modules sit beside the books: no __pycache__ there (it would read as a book).
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from page_plan import headings, read_plan  # noqa: E402

md_dir, pages_txt, out_dir = sys.argv[1:4]
os.makedirs(out_dir, exist_ok=True)
for name, title, _ in read_plan(pages_txt):
    with open(os.path.join(md_dir, name + ".md"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    heads = headings(lines)
    drop = set()
    for k, (i, level, _) in enumerate(heads):
        nxt = heads[k + 1] if k + 1 < len(heads) else None
        upto = nxt[0] if nxt else len(lines)
        empty = all(not l.strip() for l in lines[i + 1:upto])
        if empty and (nxt is None or nxt[1] <= level):
            drop.add(i)
    out, fence, blank = [], False, False
    for i, line in enumerate(lines):
        if i in drop:
            continue
        if line.startswith("```"):
            fence = not fence
        if not fence and not line.strip():
            if blank or not out:
                continue
            blank = True
            out.append("")
            continue
        blank = False
        out.append(line)
    body = "\n".join(out).strip("\n") + "\n"
    if not body.startswith("# "):
        sys.exit("finish.py: %s does not open with its title" % name)
    fm = '---\ntitle: "%s"\n---\n\n' % title.replace('"', '\\"')
    with open(os.path.join(out_dir, name + ".md"), "w", encoding="utf-8") as f:
        f.write(fm + body)
