#!/usr/bin/env python3
"""Convert the GIMP manual HTML files listed in pages.txt to one markdown page each.
usage: build.py HTML_DIR PAGES_TXT LUA_FILTER OUT_DOCS_DIR

pages.txt lines (read with ../../page_plan.py): file name | page title | HTML file specs
(shell-quoted, in order).  A spec is FILE.html with optional flags: ":lead" (chapter intro: its
first heading is dropped, the text kept), ":sub" (the file's sections go one level deeper, under
the section of the file before it), ":from=HEADING" / ":to=HEADING" (keep only the part of the
file from the heading with that text up to, not including, the heading with the other text; used
to split the two long chapters that are a single HTML file).  Footnotes are renumbered per page
and collected at its end.  Converting a file, shifting its headings and writing the page:
../../section_pages.py (shared with postgresql-tutorial)."""
import os
import re
import shlex
import sys

# The shared modules sit beside the books: no __pycache__ there (it would read as a book).
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from page_plan import headings, read_plan  # noqa: E402
from section_pages import convert, shift, write_page  # noqa: E402

html_dir, pages_txt, lua, out = sys.argv[1:5]
os.makedirs(out, exist_ok=True)
FNDEF = re.compile(r"^\[\^(\d+)\]: ?(.*)$")


def cut(lines, start, stop):
    """Lines from the heading with text `start` up to the heading with text `stop`."""
    lo, hi = (0 if start is None else None), len(lines)
    for i, _, text in headings(lines):
        if lo is None and text == start:
            lo = i
        elif lo is not None and stop is not None and text == stop:
            hi = i
            break
    if lo is None or (stop is not None and hi == len(lines)):
        sys.exit("build.py: headings %r..%r not found" % (start, stop))
    return lines[lo:hi]


def footnotes(lines, counter):
    """Renumber [^n] from counter + 1 on; return (text lines, definition lines, new counter)."""
    body, defs, cur = [], {}, None
    for ln in lines:
        m = FNDEF.match(ln)
        if m:
            cur = m.group(1)
            defs[cur] = [m.group(2)]
        elif cur is not None and (ln.startswith("    ") or not ln.strip()):
            defs[cur].append(ln)
        else:
            cur = None
            body.append(ln)
    mapping = {}

    def ref(m):
        if m.group(1) not in mapping:
            mapping[m.group(1)] = counter + len(mapping) + 1
        return "[^%d]" % mapping[m.group(1)]
    body = [re.sub(r"\[\^(\d+)\]", ref, ln) for ln in body]
    out = []
    for old, new in sorted(mapping.items(), key=lambda kv: kv[1]):
        out.append("[^%d]: %s" % (new, "\n".join(defs.get(old, [""])).rstrip()))
        out.append("")
    return body, out, counter + len(mapping)


for name, title, files in read_plan(pages_txt):
    specs = []
    for spec in shlex.split(files):
        parts = spec.split(":")
        flags = dict(p.partition("=")[::2] for p in parts[1:])
        specs.append((parts[0], flags))
    body, notes, counter = [], [], 0
    # a page made of one whole section file: its heading becomes the page title; otherwise the page
    # gets "# title" and each file's sections go under it as ##
    single = len(specs) == 1 and not specs[0][1]
    for fname, flags in specs:
        lines = convert(os.path.join(html_dir, fname), lua)
        if "from" in flags or "to" in flags:
            lines = cut(lines, flags.get("from"), flags.get("to"))
        lines, defs, counter = footnotes(lines, counter)
        notes += defs
        lead = "lead" in flags
        if single and not lead:
            body += shift(lines, 1, False, replace_title=title)
        else:
            body += shift(lines, 3 if "sub" in flags else 2, lead, top_without_lead=True)
        body.append("")
    if not single or not any(l.startswith("# ") for l in body):
        body = ["# " + title, ""] + body
    write_page(out, name, title, body + [""] + notes, drop_list_separators=True)
