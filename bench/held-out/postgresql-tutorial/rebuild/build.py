#!/usr/bin/env python3
"""Convert the PostgreSQL HTML pages listed in pages.txt to one markdown page each.
usage: build.py HTML_DIR PAGES_TXT LUA_FILTER OUT_DOCS_DIR"""
import os
import re
import subprocess
import sys

html_dir, pages_txt, lua, out = sys.argv[1:5]
os.makedirs(out, exist_ok=True)
HEAD = re.compile(r"^(#{1,6}) (.*)$")


def convert(path):
    md = subprocess.run(
        ["pandoc", "-f", "html", "-t", "gfm", "--wrap=none", "--lua-filter", lua, path],
        check=True, capture_output=True, text=True).stdout
    return md.splitlines()


def shift(lines, base, lead, replace_title=None):
    """Top heading of the file -> level base (or dropped for lead files / replaced)."""
    fence = False
    levels = []
    for ln in lines:
        if ln.startswith("```"):
            fence = not fence
        elif not fence and HEAD.match(ln):
            levels.append(len(HEAD.match(ln).group(1)))
    top = min(levels) if levels else 1
    res, fence, first = [], False, True
    for ln in lines:
        if ln.startswith("```"):
            fence = not fence
            res.append(ln)
            continue
        m = None if fence else HEAD.match(ln)
        if m:
            if first and (lead or replace_title is not None):
                first = False
                if replace_title is not None:
                    res.append("#" * base + " " + replace_title)
                continue
            first = False
            lvl = min(6, len(m.group(1)) - top + base)
            res.append("#" * lvl + " " + m.group(2).strip())
        else:
            res.append(ln.rstrip())
    return res


def tidy(lines):
    text = "\n".join(lines)
    text = re.sub(r"\n{3,}", "\n\n", text).strip() + "\n"
    return text


for raw in open(pages_txt, encoding="utf-8"):
    raw = raw.strip()
    if not raw or raw.startswith("#"):
        continue
    name, title, files = [x.strip() for x in raw.split("|")]
    files = files.split()
    body = []
    single = len([f for f in files if not f.endswith(":lead")]) == 1
    for spec in files:
        fname, _, flag = spec.partition(":")
        lines = convert(os.path.join(html_dir, fname))
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
    front = ['---', 'title: "%s"' % title.replace('"', '\\"'), '---', '']
    with open(os.path.join(out, name + ".md"), "w", encoding="utf-8") as fh:
        fh.write(tidy(front + body))
