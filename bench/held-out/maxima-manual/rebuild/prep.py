#!/usr/bin/env python3
"""Cut the Maxima reference manual (texinfo 6.8 HTML, one file per node) into one cleaned HTML
file per page of the book, ready for pandoc.

usage: prep.py HTML_DIR PAGES.txt OUT_DIR      (writes OUT_DIR/<page>.html)

PAGES.txt lines: file|title|numbers, where numbers is a comma-separated list of chapter/section
numbers ("19", "22.4"); each takes that node and every node below it, in the manual's order.
Per node: navigation headers, per-node menus, "Categories:" boxes, pilcrow anchors, footnotes
(authors' affiliations), images and rules are dropped. Each definition header ("Function: integrate
(expr, x)") becomes a paragraph "**Function:** `integrate (expr, x)`" (the names of a definition of
several share one paragraph per category). Headings lose their numbers;
a page made of one chapter or section drops that heading (the page title replaces it), so its
sections become level 2; pages made of several keep them at level 2.
"""
import html as htmlmod
import os
import re
import sys

# The shared modules sit beside the books: no __pycache__ there (it would read as a book).
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from page_plan import read_plan  # noqa: E402

src, pages_txt, out_dir = sys.argv[1:4]


def text_of(fragment):
    t = re.sub(r"<br\s*/?>", " ", fragment)
    t = re.sub(r"<[^>]+>", "", t)
    t = htmlmod.unescape(t).replace("\xa0", " ")
    return re.sub(r"\s+", " ", t).strip()


# node files in the manual's order, by number ------------------------------------------------
toc = open(os.path.join(src, "maxima_toc.html"), encoding="utf-8").read()
nodes = []  # (number, file)
seen = set()
for m in re.finditer(r'<li><a [^>]*href="(maxima[^"#]*\.html)"[^>]*>(.*?)</a>', toc, re.S):
    f, title = m.group(1), text_of(m.group(2))
    num = title.split(" ", 1)[0]
    if f in seen or not re.fullmatch(r"\d+(\.\d+)*", num):
        continue
    seen.add(f)
    nodes.append((num, f))


def select(spec):
    files = []
    for want in [s.strip() for s in spec.split(",")]:
        got = [f for num, f in nodes if num == want or num.startswith(want + ".")]
        if not got:
            sys.exit("prep.py: no node numbered %r" % want)
        files += [f for f in got if f not in files]
    order = {f: i for i, (_, f) in enumerate(nodes)}
    return sorted(files, key=order.get)


# one node -> cleaned body -------------------------------------------------------------------
def definition(dt):
    """A <dt> of a definition: category, name and the signature(s) in <em>."""
    cat = re.search(r'<span class="category">(.*?)</span>', dt, re.S)
    cat = text_of(cat.group(1)).rstrip(": ") if cat else ""
    name = re.search(r"<strong>(.*?)</strong>", dt, re.S)
    name = text_of(name.group(1)) if name else ""
    em = re.search(r"<em>(.*)</em>", dt, re.S)
    sigs = []
    if em and re.search(r"<br\s*/?>", em.group(1)):
        sigs = [text_of(p) for p in re.split(r"<br\s*/?>", em.group(1))]
        sigs = [s for s in sigs if s]
    else:
        args = text_of(em.group(1)) if em else ""
        sigs = [(name + " " + args).strip()]
    return cat, "; ".join("<code>%s</code>" % htmlmod.escape(s, quote=False) for s in sigs)


def clean(body):
    body = re.sub(r'<div class="footnote">.*', "", body, flags=re.S)
    body = re.sub(r'<a id="DOCF\d+" href="#FOOT\d+"><sup>\d+</sup></a>', "", body)
    body = re.sub(r'<div class="header">.*?</div>', "", body, flags=re.S)
    body = re.sub(r'<ul class="section-toc">.*?</ul>', "", body, flags=re.S)
    body = re.sub(r"<div class=categorybox>.*?</div>", "", body, flags=re.S)
    body = re.sub(r"<a [^>]*class=['\"]copiable-anchor['\"][^>]*>.*?</a>", "", body, flags=re.S)
    body = re.sub(r"<img[^>]*>", "", body)
    body = re.sub(r"<hr>", "", body)
    body = re.sub(r"<!--.*?-->", "", body, flags=re.S)
    return unwrap_definitions(body)


def unwrap_definitions(body):
    """<dl class="def"><dt>header</dt><dd>text</dd>...</dl> -> header paragraph(s) + text. The <dt>
    and <dd> of the definition itself go (a definition of several names has several); lists nested
    in the text stay. Consecutive headers of one category share a paragraph."""
    tag = re.compile(r"<(/?)(dl|dd|dt)\b[^>]*>")
    out, pos = [], 0
    while True:
        a = body.find('<dl class="def">', pos)
        if a < 0:
            out.append(body[pos:])
            return "".join(out)
        out.append(body[pos:a])
        i, depth, heads = a + len('<dl class="def">'), 0, []
        while True:
            t = tag.search(body, i)
            seg = body[i:t.start()]
            if heads and re.sub(r"<[^>]+>", "", seg).strip():
                out.append(header_par(heads))
                heads = []
            out.append(seg)
            closing, name = t.group(1) == "/", t.group(2)
            if depth == 0 and name == "dt" and not closing:
                e = body.index("</dt>", t.end())
                heads.append(definition(body[t.end():e]))
                i = e + len("</dt>")
            elif depth == 0 and name == "dd":
                i = t.end()
            elif depth == 0 and name == "dl" and closing:
                i = t.end()
                break
            else:
                if name == "dl":
                    depth += -1 if closing else 1
                out.append(t.group(0))
                i = t.end()
        if heads:
            out.append(header_par(heads))
        pos = i


def header_par(heads):
    """Header paragraph(s): one per category, its signatures joined by "; "."""
    paras, last = [], None
    for cat, code in heads:
        if cat == last:
            paras[-1][1].append(code)
        else:
            paras.append((cat, [code]))
            last = cat
    return "".join("<p><strong>%s:</strong> %s</p>\n" % (htmlmod.escape(c, quote=False), "; ".join(codes))
                   for c, codes in paras)


def node_body(path):
    s = open(path, encoding="utf-8").read()
    s = s[s.index("<body"):]
    s = s[s.index(">") + 1:]
    s = s[:s.rindex("</body>")]
    return clean(s)


HEAD = re.compile(r"<h([2-5])[^>]*>(.*?)</h\1>", re.S)


def build(files, title):
    parts = [node_body(os.path.join(src, f)) for f in files]
    body = "\n".join(parts)
    # heading depth from its number (chapter 1, section 2, ...); unnumbered: below the last one
    heads = []
    last = 1
    for m in HEAD.finditer(body):
        t = text_of(m.group(2))
        nm = re.match(r"(\d+(?:\.\d+)*)\s+(.*)$", t)
        if nm:
            depth, t = nm.group(1).count(".") + 1, nm.group(2)
            last = depth
        else:
            depth = last + 1
        heads.append((m.start(), m.end(), depth, t))
    base = min(d for _, _, d, _ in heads)
    drop_first = sum(1 for h in heads if h[2] == base) == 1 and heads[0][2] == base
    shift = 1 - base if drop_first else 2 - base
    out, pos = [], 0
    for k, (a, b, depth, t) in enumerate(heads):
        out.append(body[pos:a])
        if not (k == 0 and drop_first):
            level = min(6, depth + shift)
            out.append("<h%d>%s</h%d>" % (level, htmlmod.escape(t, quote=False), level))
        pos = b
    out.append(body[pos:])
    body = "".join(out)
    return ('<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>%s</title></head><body>\n'
            '<h1>%s</h1>\n%s\n</body></html>\n' % (htmlmod.escape(title), htmlmod.escape(title), body))


os.makedirs(out_dir, exist_ok=True)
for name, title, spec in read_plan(pages_txt):
    with open(os.path.join(out_dir, name + ".html"), "w", encoding="utf-8") as f:
        f.write(build(select(spec), title))
