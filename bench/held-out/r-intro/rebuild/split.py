#!/usr/bin/env python3
"""Split the converted manual into pages.

usage: split.py WHOLE.md NOTES.md PAGES.txt OUT_DOCS_DIR

PAGES.txt lines: file|title|start, where start is the number of the
chapter/section heading that opens the page ("5.7", "Appendix B") or its
name ("Preface").  A page runs until the next page's start; a file name
of "-" drops everything from there on.  Headings lose their numbers and
go up one level (chapters become "#"); a page that starts inside a
chapter gets "# <title>" first.  Footnote tokens become GFM footnotes
collected at the end of the page that cites them.
"""
import os
import re
import sys

# The shared modules sit beside the books: no __pycache__ there (it would read as a book).
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from page_plan import headings, read_plan  # noqa: E402

whole, notes_md, pages_txt, out_dir = sys.argv[1:5]

plan = read_plan(pages_txt)

# footnote bodies -------------------------------------------------------
notes = {}
cur = None
with open(notes_md, encoding="utf-8") as f:
    for line in f.read().split("\n"):
        m = re.fullmatch(r"FNDEF(\d+)ZZ", line.strip())
        if m:
            cur = m.group(1)
            notes[cur] = []
        elif cur is not None:
            notes[cur].append(line)
for k in notes:
    notes[k] = "\n".join(notes[k]).strip("\n")

# headings (outside fenced code) -----------------------------------------
lines = open(whole, encoding="utf-8").read().split("\n")
NUM = r"(?:Appendix [A-Z]|[A-Z](?:\.\d+)+|\d+(?:\.\d+)*)"
heads = []  # (line index, level, number, text)
for i, level, text in headings(lines):
    nm = re.match(r"^(" + NUM + r")\s+(.*)$", text)
    num, name = (nm.group(1), nm.group(2)) if nm else ("", text)
    heads.append((i, level, num, name))


def find_start(start):
    for i, level, num, name in heads:
        if num == start or (not num and name == start):
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
    lo = starts[k][0]
    hi = starts[k + 1][0] if k + 1 < len(starts) else len(lines)
    chunk = lines[lo:hi]
    out = []
    fence = False
    for line in chunk:
        if line.startswith("```"):
            fence = not fence
        if not fence:
            m = re.match(r"^(#{1,6}) (.*)$", line)
            if m:
                text = m.group(2).strip()
                text = re.sub(r"^" + NUM + r"\s+", "", text)
                level = max(1, len(m.group(1)) - 1)
                line = "#" * level + " " + text
        out.append(line)
    if starts[k][1] > 2:  # page opens inside a chapter
        first = re.sub(r"^#+ ", "", out[0])
        if first == title:
            out[0] = "# " + title
        else:
            out = ["# " + title, ""] + out
    body = "\n".join(out)
    # footnotes
    refs = []
    def ref(m):
        refs.append(m.group(1))
        return "[^%s]" % m.group(1)
    body = re.sub(r"FNREF(\d+)ZZ", ref, body)
    body = re.sub(r"\n{3,}", "\n\n", body).strip() + "\n"
    if refs:
        body += "\n"
        for r in refs:
            text = notes.get(r, "").replace("FNREF", "")
            text = "\n".join(("    " + l if l.strip() else "")
                             for l in text.split("\n")).strip()
            body += "[^%s]: %s\n\n" % (r, text)
        body = body.rstrip("\n") + "\n"
    fm = '---\ntitle: "%s"\n---\n\n' % title.replace('"', '\\"')
    with open(os.path.join(out_dir, name + ".md"), "w", encoding="utf-8") as f:
        f.write(fm + body)
