#!/usr/bin/env python3
"""Convert the chunked DocBook HTML of the Wireshark User's Guide into
one GitHub-flavoured markdown page per entry of pages.txt.

usage: convert.py SRC_HTML_DIR PAGES_TXT LUA_FILTER WORK_DIR OUT_DOCS_DIR
"""
import os
import re
import subprocess
import sys

src, pages_txt, lua, work, out = sys.argv[1:6]


def read(name):
    with open(os.path.join(src, name), encoding="utf-8") as fh:
        return fh.read()


def reading_order():
    """Follow the rel=next chain from index.html."""
    order, name = [], "index.html"
    while name:
        order.append(name)
        m = re.search(r'rel="next" href="([^"#]+)', read(name))
        name = m.group(1) if m else None
    return order


def find_div_end(html, start):
    """Index just past the </div> closing the <div ...> opening at start."""
    depth, pos = 0, start
    tag = re.compile(r"<(/?)div\b[^>]*>")
    while True:
        m = tag.search(html, pos)
        if m is None:
            return len(html)
        depth += -1 if m.group(1) else 1
        pos = m.end()
        if depth == 0:
            return pos


def remove_divs(html, class_re):
    opener = re.compile(r'<div class="(?:%s)"[^>]*>' % class_re)
    while True:
        m = opener.search(html)
        if m is None:
            return html
        html = html[: m.start()] + html[find_div_end(html, m.start()):]


ADMON = re.compile(
    r'<div class="(note|tip|warning|important|caution)"[^>]*>\s*<table[^>]*>\s*<tr>\s*'
    r'<td[^>]*>\s*(?:<img[^>]*>)?\s*</td>\s*<th[^>]*>(.*?)</th>\s*</tr>\s*<tr>\s*<td[^>]*>',
    re.S)


def unwrap_admonitions(html):
    while True:
        m = ADMON.search(html)
        if m is None:
            return html
        end = find_div_end(html, m.start())
        body = html[m.end():end]
        body = re.sub(r"\s*</td>\s*</tr>\s*</table>\s*</div>\s*$", "", body)
        label = re.sub(r"<[^>]+>", "", m.group(2)).strip() or m.group(1).title()
        html = (html[: m.start()] + '<div class="admonition"><p><strong>' + label
                + ':</strong></p>' + body + "</div>" + html[end:])


def clean_chunk(html):
    body = html.split("<body", 1)[1]
    body = body.split(">", 1)[1]
    body = body.rsplit("</body>", 1)[0]
    body = remove_divs(body, "navheader|navfooter|toc|figure|informalfigure|mediaobject")
    body = unwrap_admonitions(body)
    body = re.sub(r'<span class="inlinemediaobject">.*?</span>', "", body, flags=re.S)
    body = re.sub(r"<img\b[^>]*>", "", body)
    body = re.sub(r'<br class="figure-break">', "", body)
    # footnote markers and the footnote block heading rule
    body = re.sub(r'<sup class="footnote">.*?</sup>', "", body, flags=re.S)
    body = re.sub(r'<div class="footnotes">.*?<hr[^>]*>', '<div class="footnotes">', body, flags=re.S)
    # drop section numbers from titles: "Chapter 5. ", "Appendix A. ", "5.7.1. ", "A.2. "
    body = re.sub(
        r'(<h[1-6] class="title"[^>]*>(?:\s*<a [^>]*></a>)?\s*)'
        r'(?:Chapter\s+\d+\.|Appendix\s+[A-Z]\.|[A-Z0-9]+(?:\.\d+)*\.)\s+',
        r"\1", body)
    body = body.replace("\u200b", "")
    return body


def expand(spec, order):
    names = []
    for part in spec.split(","):
        if ".." in part:
            a, b = part.split("..")
            names.extend(order[order.index(a): order.index(b) + 1])
        else:
            names.append(part)
    return names


def main():
    order = reading_order()
    os.makedirs(out, exist_ok=True)
    with open(pages_txt, encoding="utf-8") as fh:
        lines = [l for l in fh.read().splitlines() if l and not l.startswith("#")]
    for line in lines:
        slug, title, spec = line.split("|")
        html = "\n".join(clean_chunk(read(n)) for n in expand(spec, order))
        tmp_html = os.path.join(work, slug + ".html")
        with open(tmp_html, "w", encoding="utf-8") as fh:
            fh.write("<html><head><title>%s</title></head><body>%s</body></html>" % (title, html))
        md = subprocess.run(
            ["pandoc", "-f", "html", "-t", "gfm", "--wrap=none",
             "--lua-filter", lua, "-M", "pagetitle=" + title, tmp_html],
            check=False, capture_output=True, text=True)
        if md.returncode != 0:
            sys.exit("pandoc failed on %s: %s" % (slug, md.stderr))
        md = md.stdout
        md = re.sub(r"(?m)^[ \t]*<!-- -->[ \t]*$", "", md)  # list separators
        md = re.sub(r"(?m)^[ \t]+$", "", md)
        md = re.sub(r"\n{3,}", "\n\n", md).strip() + "\n"
        esc = title.replace("\\", "\\\\").replace('"', '\\"')
        with open(os.path.join(out, slug + ".md"), "w", encoding="utf-8") as fh:
            fh.write('---\ntitle: "%s"\n---\n\n# %s\n\n%s' % (esc, title, md))


main()
