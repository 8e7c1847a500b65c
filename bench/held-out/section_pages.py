"""Shared by the held-out books whose pages join whole DocBook HTML section files (postgresql-tutorial,
gimp-help): one file converted with pandoc, its headings fitted under the page's, and the page
written with its front matter."""
import os
import re
import subprocess

from page_plan import headings

HEAD = re.compile(r"^(#{1,6}) (.*)$")


def convert(path, lua):
    """The markdown lines of one HTML file: pandoc to GFM, unwrapped, through the book's Lua filter."""
    md = subprocess.run(
        ["pandoc", "-f", "html", "-t", "gfm", "--wrap=none", "--lua-filter", lua, path],
        check=True, capture_output=True, text=True).stdout
    return md.splitlines()


def shift(lines, base, lead, replace_title=None, top_without_lead=False):
    """Top heading level of the file -> level base; the first heading is dropped for lead files or
    replaced by the page title. top_without_lead: a lead file's top level is counted without the
    heading it drops (otherwise with it)."""
    levels = [level for _, level, _ in headings(lines)]
    if top_without_lead and lead and replace_title is None:
        levels = levels[1:]
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


def write_page(out, name, title, lines, drop_list_separators=False):
    """OUT/NAME.md: front matter 'title: "..."' and the lines, runs of blank lines squeezed to one.
    drop_list_separators: the "<!-- -->" lines GFM puts between adjacent lists go."""
    front = ['---', 'title: "%s"' % title.replace('"', '\\"'), '---', '']
    lines = front + lines
    if drop_list_separators:
        lines = [l for l in lines if l != "<!-- -->"]
    text = re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip() + "\n"
    with open(os.path.join(out, name + ".md"), "w", encoding="utf-8") as fh:
        fh.write(text)
