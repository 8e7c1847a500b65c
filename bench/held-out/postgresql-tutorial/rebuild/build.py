#!/usr/bin/env python3
"""Convert the PostgreSQL HTML pages listed in pages.txt to one markdown page each.
usage: build.py HTML_DIR PAGES_TXT LUA_FILTER OUT_DOCS_DIR
Converting a file, shifting its headings and writing the page: ../../section_pages.py (shared with
gimp-help)."""
import os
import sys

# The shared modules sit beside the books: no __pycache__ there (it would read as a book).
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from page_plan import read_plan  # noqa: E402
from section_pages import convert, shift, write_page  # noqa: E402

html_dir, pages_txt, lua, out = sys.argv[1:5]
os.makedirs(out, exist_ok=True)

for name, title, files in read_plan(pages_txt):
    files = files.split()
    body = []
    single = len([f for f in files if not f.endswith(":lead")]) == 1
    for spec in files:
        fname, _, flag = spec.partition(":")
        lines = convert(os.path.join(html_dir, fname), lua)
        lead = flag == "lead"
        if single and not lead:
            body += shift(lines, 1, False, replace_title=title)
        else:
            body += shift(lines, 2, lead)
        body.append("")
    if not single:
        body = ["# " + title, ""] + body
    elif not body or not any(l.startswith("# ") for l in body):
        body = ["# " + title, ""] + body
    else:
        # single page: lead text (if any) goes after the title heading
        i = body.index("# " + title)
        body = [body[i], ""] + body[:i] + body[i + 1:]
    write_page(out, name, title, body)
