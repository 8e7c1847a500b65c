#!/usr/bin/env python3
"""Convert Section A of An Anarchist FAQ (the Debian package's HTML, one file per question A.n)
into the pages listed in pages.txt.
usage: build.py HTML_DIR PAGES_TXT LUA_FILTER OUT_DOCS_DIR

pages.txt: `file|title|specs`; each spec is an HTML file of the FAQ or `FILE#A-B`: only its
sections A to B (0 is the file's question A.n with the text under it before its first
sub-question, 1 the first sub-question A.n.1 ...).
Before pandoc each file is cut down to its article body (the "content" div without the
previous/up/next navigation); A.1's page has no <h1>, its question is taken from <title>.
After pandoc the brackets of the FAQ's citations ("[Kropotkin, **Anarchism**, p. 158]") lose
the backslashes GFM puts before them. Converting, heading shift and writing the page:
../../section_pages.py (shared with the other books)."""
import html
import os
import re
import sys
import tempfile

# The shared modules sit beside the books: no __pycache__ there (it would read as a book).
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from page_plan import headings, read_plan  # noqa: E402
from section_pages import convert, shift, write_page  # noqa: E402

html_dir, pages_txt, lua, out = sys.argv[1:5]


def clean(s):
    """The article body of one FAQ page as a small HTML document."""
    title = re.search(r"<title>(.*?)</title>", s, re.S).group(1)
    title = re.sub(r"\s*\|\s*Anarchist Writers\s*$", "", html.unescape(title)).strip()
    m = re.search(r'<div class="content clear-block">(.*?)<div id="book-navigation', s, re.S)
    if not m:
        sys.exit("build.py: no content div")
    body = m.group(1)
    if "<h1" not in body:
        body = "<h1>%s</h1>\n" % html.escape(title) + body
    head = '<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>page</title></head><body>\n'
    return head + body + "\n</body></html>\n"


def sections(lines, a, b):
    """Lines of sections a..b of a converted file (0: its title and the text before the first
    sub-question, 1.. the sub-questions)."""
    heads = headings(lines)
    top = min(level for _, level, _ in heads)
    sub = [i for i, level, _ in heads if level == top + 1]
    bounds = [0] + sub + [len(lines)]
    if not 0 <= a <= b < len(bounds) - 1:
        sys.exit("build.py: no sections %d-%d" % (a, b))
    return lines[bounds[a]:bounds[b + 1]]


def brackets(line):
    """Citations in square brackets read as text: GFM's escapes go (a "]" right before "(" keeps
    its backslash, so that no link appears)."""
    line = line.replace("\\[", "[")
    return re.sub(r"\\\](?!\()", "]", line)


os.makedirs(out, exist_ok=True)
with tempfile.TemporaryDirectory() as tmp:
    for name, title, specs in read_plan(pages_txt):
        body = ["# " + title, ""]
        for spec in specs.split():
            fname, _, rng = spec.partition("#")
            with open(os.path.join(html_dir, fname), encoding="utf-8") as f:
                src = f.read()
            tmpfile = os.path.join(tmp, "page.html")
            with open(tmpfile, "w", encoding="utf-8") as f:
                f.write(clean(src))
            lines = [brackets(l) for l in convert(tmpfile, lua)]
            if rng:
                a, b = (int(x) for x in rng.split("-"))
                lines = sections(lines, a, b)
            body += shift(lines, 2, False)
            body.append("")
        write_page(out, name, title, body, drop_list_separators=True)
