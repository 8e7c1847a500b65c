#!/usr/bin/env python3
"""Group the GNOME Help topic pages into book pages and convert them to markdown.

usage: build.py PAGE_DIR HTML_DIR PAGES.txt CLEAN.lua OUT_DOCS_DIR

PAGE_DIR holds the Mallard sources (*.page), HTML_DIR the output of
`yelp-build html` for them.  PAGES.txt lines: file|title|roots, roots being
Mallard page ids that open the book page.  Every other page belongs to the
book page of its nearest root, found by following its first existing
<link type="guide"> upwards.  Within a book page each root comes in the
order given, followed by the pages under it, in the order its guide lists
them (then by title).  The front page "index" is dropped.

Each topic's <article> is cut out of the yelp HTML, its headings go one
level down (topic titles become "##"), and the book page's HTML goes
through pandoc (gfm) with CLEAN.lua.  Sections left empty once navigation
is removed (the guides' link lists) are dropped.
"""
import glob
import os
import re
import subprocess
import sys

# The shared modules sit beside the books: no __pycache__ there (it would read as a book).
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from page_plan import read_plan  # noqa: E402

page_dir, html_dir, pages_txt, lua, out_dir = sys.argv[1:6]

# Mallard sources: titles and guide links -------------------------------
parents, titles = {}, {}
for path in sorted(glob.glob(os.path.join(page_dir, "*.page"))):
    pid = os.path.basename(path)[:-5]
    text = open(path, encoding="utf-8").read()
    info = re.search(r"<info>(.*?)</info>", text, re.S)
    info = info.group(1) if info else ""
    parents[pid] = [m.group(1) for m in
                    re.finditer(r'<link\s+type="guide"\s+xref="([^"#]*)', info)]
    t = re.search(r"<title>(.*?)</title>", text[text.find("</info>"):], re.S)
    titles[pid] = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", t.group(1))).strip()
for pid in parents:
    parents[pid] = [p for p in parents[pid] if p in parents]

plan = [(name, title, roots.split()) for name, title, roots in read_plan(pages_txt)]

root_of = {}
for k, (_, _, roots) in enumerate(plan):
    for r in roots:
        if r not in parents:
            sys.exit("build.py: unknown root %r" % r)
        if r in root_of:
            sys.exit("build.py: root %r listed twice" % r)
        root_of[r] = k


def group(pid):
    seen = set()
    while pid not in root_of:
        if pid in seen or not parents[pid]:
            return None
        seen.add(pid)
        pid = parents[pid][0]
    return root_of[pid]


members = {k: [] for k in range(len(plan))}
for pid in sorted(parents):
    if pid == "index":
        continue
    k = group(pid)
    if k is None:
        sys.exit("build.py: page %r reaches no root" % pid)
    members[k].append(pid)


def guide_order(gid):
    """hrefs in the order the guide's HTML lists its topics"""
    h = open(os.path.join(html_dir, gid + ".html"), encoding="utf-8").read()
    order = []
    for m in re.finditer(r'<a href="([^".#]+)\.html', h):
        if m.group(1) not in order:
            order.append(m.group(1))
    return order


def ordered(k):
    mine = set(members[k])
    out = []

    def visit(pid):
        out.append(pid)
        kids = [p for p in mine if parents[p] and parents[p][0] == pid
                and p not in root_of]
        order = guide_order(pid)
        kids.sort(key=lambda p: (order.index(p) if p in order else len(order),
                                 titles[p].lower(), p))
        for c in kids:
            visit(c)

    for r in plan[k][2]:
        visit(r)
    missing = mine - set(out)
    if missing:
        sys.exit("build.py: unplaced pages %s" % sorted(missing))
    return out


def article(pid):
    h = open(os.path.join(html_dir, pid + ".html"), encoding="utf-8").read()
    m = re.search(r"<article>(.*)</article>", h, re.S)
    a = m.group(1)
    a = re.sub(r"<svg\b.*?</svg>", "", a, flags=re.S)
    a = re.sub(r"<(/?)h([1-6])\b",
               lambda mm: "<%sh%d" % (mm.group(1), min(6, int(mm.group(2)) + 1)), a)
    return a


def is_head(line):
    return re.match(r"^(#{1,6}) (.*)$", line)


def drop_empty_sections(lines):
    changed = True
    while changed:
        changed = False
        fence = False
        heads = []
        for i, l in enumerate(lines):
            if l.startswith("```"):
                fence = not fence
            if not fence and is_head(l):
                heads.append(i)
        for i in heads:
            lvl = len(is_head(lines[i]).group(1))
            if lvl == 1:
                continue
            j = i + 1
            while j < len(lines) and lines[j].strip() == "":
                j += 1
            if j == len(lines) or (is_head(lines[j]) and
                                   len(is_head(lines[j]).group(1)) <= lvl):
                del lines[i]
                changed = True
                break
    return lines


os.makedirs(out_dir, exist_ok=True)
for k, (name, title, roots) in enumerate(plan):
    body = "".join('<div class="topic">%s</div>\n' % article(p) for p in ordered(k))
    html = ('<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>%s</title>'
            '</head><body>\n%s</body></html>\n' % (title, body))
    md = subprocess.run(
        ["pandoc", "-f", "html", "-t", "gfm", "--wrap=none", "--lua-filter", lua],
        input=html.encode("utf-8"), stdout=subprocess.PIPE, check=True
    ).stdout.decode("utf-8")
    lines = ["# " + title, ""] + [l for l in md.replace("\u00a0", " ").split("\n")
                                  if l != "<!-- -->"]  # pandoc's list separator
    lines = drop_empty_sections([l.rstrip() for l in lines])
    text = re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip() + "\n"
    fm = '---\ntitle: "%s"\nsidebar_position: %d\n---\n\n' % (title.replace('"', '\\"'), k + 1)
    with open(os.path.join(out_dir, name + ".md"), "w", encoding="utf-8") as f:
        f.write(fm + text)
