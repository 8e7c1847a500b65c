#!/usr/bin/env python3
"""Clean the texinfo-generated R-intro.html before pandoc sees it.

usage: prep.py IN.html OUT_BODY.html OUT_NOTES.html

- keeps the two introductory paragraphs of the Top node, drops the
  copyright block and the table of contents;
- drops navigation headers, per-node mini tables of contents, images;
- moves footnotes out into a separate file: each reference becomes the
  token FNREF<n>ZZ, each footnote body is introduced by FNDEF<n>ZZ.
"""
import re
import sys

src, out_body, out_notes = sys.argv[1:4]
with open(src, encoding="utf-8") as f:
    html = f.read()

# footnotes -----------------------------------------------------------
m = re.search(r'<div class="footnote">(.*?)</div>\s*</body>', html, re.S)
notes_html = m.group(1) if m else ""
html = html[: m.start()] + "</body></html>" if m else html
notes = re.findall(
    r'<h5><a id="FOOT(\d+)" href="#DOCF\d+">\(\d+\)</a></h5>(.*?)(?=<h5>|\Z)',
    notes_html, re.S)
html = re.sub(r'<a id="DOCF(\d+)" href="#FOOT\d+"><sup>\d+</sup></a>',
              r'FNREF\1ZZ', html)

# Top node: keep only its first two paragraphs ------------------------
html = re.sub(r'<div class="header">.*?</div>', '', html, flags=re.S)
top = re.search(r'<div class="top" id="Top">(.*?)<div class="unnumbered" id="Preface">',
                html, re.S)
paras = re.findall(r'<p>.*?</p>', top.group(1), re.S)[:2]
intro = "\n".join(paras)
body = html[top.end() - len('<div class="unnumbered" id="Preface">'):]
# put the intro right after the Preface heading
body = re.sub(r'(<h2 class="unnumbered">Preface</h2>)', lambda mm: mm.group(1) + "\n" + intro,
              body, count=1)

# navigation and other furniture ---------------------------------------
body = re.sub(r'<ul class="section-toc">.*?</ul>', '', body, flags=re.S)
body = re.sub(r'<img[^>]*>', '', body)
body = re.sub(r'<a [^>]*class=[\'"]copiable-anchor[\'"][^>]*>.*?</a>', '', body, flags=re.S)
body = re.sub(r'<hr>', '', body)

head = '<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>An Introduction to R</title></head><body>\n'
with open(out_body, "w", encoding="utf-8") as f:
    f.write(head + body)
with open(out_notes, "w", encoding="utf-8") as f:
    f.write(head)
    for num, text in notes:
        f.write('<p>FNDEF%sZZ</p>\n%s\n' % (num, text))
    f.write("</body></html>\n")
