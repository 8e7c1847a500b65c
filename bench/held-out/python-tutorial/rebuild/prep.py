#!/usr/bin/env python3
"""Clean one Sphinx HTML page of the Python 3.11 docs before pandoc.

usage: prep.py IN.html BODY_OUT.html NOTES_OUT.html
Keeps only the main body (drops the navigation bars, sidebar with its table of
contents / "Previous topic" / "Next topic" / "This Page" boxes, and the footer),
removes pilcrow permalinks, section numbers and images, turns Sphinx highlight
blocks into <pre class="LANG"> and cuts footnotes out to a second file
(references become FNREF<n>FNEND tokens, definitions paragraphs starting FNDEF<n>FNEND).
"""
import re
import sys

src, body_out, notes_out = sys.argv[1:4]
html = open(src, encoding="utf-8").read()

start = html.index('<div class="body" role="main">')
end = html.index('<div class="sphinxsidebar"', start)
body = html[start:end]

# permalink pilcrows and section numbers
body = re.sub(r'<a class="headerlink"[^>]*>.*?</a>', '', body, flags=re.S)
body = re.sub(r'<span class="section-number">[^<]*</span>', '', body)
body = re.sub(r'<img[^>]*>', '', body)

# footnotes: cut out the list, keep the definitions apart
notes = []
def take_notes(m):
    for fm in re.finditer(r'<aside class="footnote brackets" id="[^"]*" role="note">\s*'
                          r'<span class="label">.*?>(\d+)</a>.*?</span></span>(.*?)</aside>',
                          m.group(0), flags=re.S):
        num, text = fm.group(1), fm.group(2).strip()
        text = re.sub(r'^<p>', '<p>FNDEF%sFNEND ' % num, text, count=1)
        notes.append(text)
    return ''
body = re.sub(r'<p class="rubric">Footnotes</p>\s*', '', body)
body = re.sub(r'<aside class="footnote-list brackets">.*?</aside>\s*</aside>', take_notes, body, flags=re.S)
body = re.sub(r'<a class="footnote-reference brackets"[^>]*>.*?(\d+)<span class="fn-bracket">\]</span></a>',
              r'FNREF\1FNEND', body, flags=re.S)

# Sphinx code blocks -> <pre class="LANG">
LANGS = {"python3": "python", "pycon": "pycon", "python": "python", "bash": "sh",
         "shell-session": "sh", "none": "text", "text": "text", "ini": "ini", "yaml": "yaml"}
def code(m):
    lang = LANGS.get(m.group(1), "text")
    return '<pre class="%s">' % lang
body = re.sub(r'<div class="highlight-([a-z0-9-]+) notranslate"><div class="highlight"><pre>', code, body)
body = re.sub(r'</pre></div>\s*</div>', '</pre>', body)

open(body_out, "w", encoding="utf-8").write("<html><body>\n" + body + "\n</body></html>\n")
open(notes_out, "w", encoding="utf-8").write("<html><body>\n" + "\n".join(notes) + "\n</body></html>\n")
