#!/usr/bin/env python3
"""Cut the converted Markdown of each source page into the pages listed in pages.txt.

usage: split.py MD_DIR PAGES_TXT OUT_DOCS
MD_DIR holds, per source page (e.g. tutorial/controlflow.html), SRC.md and SRC.notes.md
with "/" replaced by "__".  Sections are counted at level 2 ("## "), fences respected.
"""
import os
import re
import sys

md_dir, pages_txt, out = sys.argv[1:4]
os.makedirs(out, exist_ok=True)


def load(src):
    key = src.replace("/", "__")
    text = open(os.path.join(md_dir, key + ".md"), encoding="utf-8").read()
    notes = {}
    for para in open(os.path.join(md_dir, key + ".notes.md"), encoding="utf-8").read().split("\n\n"):
        m = re.match(r"FNDEF(\d+)FNEND\s*(.*)", para.strip(), flags=re.S)
        if m:
            notes[m.group(1)] = m.group(2).strip()
    title, sections, cur, fence = None, [[]], None, False
    for line in text.split("\n"):
        if line.lstrip().startswith("```"):
            fence = not fence
        if not fence and line.startswith("# ") and title is None:
            title = line[2:].strip()
            continue
        if not fence and line.startswith("## "):
            sections.append([])
        sections[-1].append(line)
    return title, ["\n".join(s).strip() for s in sections], notes


cache = {}
for row in open(pages_txt, encoding="utf-8"):
    row = row.rstrip("\n")
    if not row or row.startswith("#"):
        continue
    name, src, sel, title = row.split("\t")
    if src not in cache:
        cache[src] = load(src)
    h1, sections, notes = cache[src]
    idx = range(len(sections)) if sel == "all" else [int(i) for i in sel.split(",")]
    body = "\n\n".join(sections[i] for i in idx if sections[i])
    body = re.sub(r"\n{3,}", "\n\n", body).strip()
    used = []
    def ref(m):
        used.append(m.group(1))
        return "[^%s]" % m.group(1)
    body = re.sub(r"\s*FNREF(\d+)FNEND", ref, body)
    title = h1 if title == "-" else title
    # a page made of one section: drop its heading when it repeats the page title
    if body.startswith("## " + title + "\n"):
        body = body[len("## " + title):].strip()
    page = "# %s\n\n%s\n" % (title, body)
    for n in dict.fromkeys(used):
        page += "\n[^%s]: %s\n" % (n, notes.get(n, "").replace("\n", " "))
    with open(os.path.join(out, name + ".md"), "w", encoding="utf-8") as f:
        f.write(page)
