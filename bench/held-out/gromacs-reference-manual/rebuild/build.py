#!/usr/bin/env python3
"""Convert the GROMACS Reference Manual (Sphinx HTML) into the pages listed in pages.txt.
usage: build.py HTML_DIR PAGES_TXT LUA_FILTER OUT_DOCS_DIR

pages.txt: `file|title|specs`; each spec is an HTML file of the reference manual, `FILE:lead`
(its heading dropped, its text kept) or `FILE#A-B` (only its top-level sections A to B: 0 is the
text under the file's title before its first section, 1 the first section ...).
Before pandoc each file is cut down to its article body and cleaned here: permalinks, figures and
"(Fig. n)" references go, citation numbers stay as "[n]" (the bibliography is not kept), line blocks
become paragraphs, footnotes are taken apart (GFM footnotes at the end of the page that cites them),
TeX math becomes <code class="texmath"> / <pre class="texmath"> (written back as $...$ and $$...$$
by clean.lua, an equation's number as \\tag{n}). After pandoc: headings that name a figure lose
it, empty sections go. Converting, heading shift and writing the page: ../../section_pages.py
(shared with postgresql-tutorial and gimp-help)."""
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


def tex(s):
    """TeX of a MathJax span/div: entities decoded, one line, \\( \\) / \\[ \\] removed."""
    s = html.unescape(re.sub(r"<[^>]+>", "", s))
    s = re.sub(r"^\s*\\[(\[]\s*|\s*\\[)\]]\s*$", "", s)
    return re.sub(r"\s+", " ", s).strip()


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def display(m):
    body = m.group(2)
    eqno = re.search(r'<span class="eqno">\((\d+)\).*?</span>', body, re.S)
    body = re.sub(r'<span class="eqno">.*?</span>', "", body, flags=re.S)
    t = tex(body)
    if eqno:
        t += " \\tag{%s}" % eqno.group(1)
    return '<pre class="texmath">%s</pre>' % esc(t)


def clean(s):
    m = re.search(r'<div class="body" role="main">(.*?)<div class="clearer">', s, re.S)
    s = m.group(1)
    s = re.sub(r'<a class="headerlink"[^>]*>.*?</a>', "", s, flags=re.S)
    s = re.sub(r"<figure\b.*?</figure>", "", s, flags=re.S)
    s = re.sub(r'<div class="toctree-wrapper.*?</div>', "", s, flags=re.S)
    # math: display equations (one per div), then inline; "|" inside table cells would end the cell
    s = re.sub(r'<div class="math notranslate nohighlight"( id="[^"]*")?>(.*?)</div>', display, s, flags=re.S)
    s = re.sub(r'<span class="math notranslate nohighlight">(.*?)</span>',
               lambda mm: '<code class="texmath">%s</code>' % esc(tex(mm.group(1))), s, flags=re.S)
    s = re.sub(r"<table\b.*?</table>",
               lambda mm: re.sub(r'(<code class="texmath">)(.*?)(</code>)',
                                 lambda c: c.group(1) + c.group(2).replace("|", "\\vert ") + c.group(3),
                                 mm.group(0)), s, flags=re.S)
    # citations: the bibliography is not kept, its numbers stay in brackets ("see ref. [24]")
    s = re.sub(r'\s*<a class="reference internal" href="[^"]*references\.html#[^"]*"><span class="std std-ref">'
               r'(\d+)</span></a>', r" CITE\1ZZ", s)
    # "(<a>(11)</a>)": equation references keep one pair of parentheses
    s = re.sub(r'\(\s*(<a class="reference internal" href="[^"]*#equation-[^"]*">\(\d+\)</a>)\s*\)', r"\1", s)
    # references to the dropped figures in parentheses
    s = re.sub(r'\s*\((see )?<a class="reference internal" href="[^"]*#fig[^"]*"><span class="std std-numref">Fig\.[^<]*</span></a>\)', "", s)
    # the source's unresolved references ("see (???)") go
    s = re.sub(r"\s*For some applications\s+see\s+\(<strong>\?\?\?</strong>\)\.", "", s)
    s = re.sub(r"\s*\(<strong>\?\?\?</strong>\)", "", s)
    # line blocks: one paragraph per line, empty lines dropped
    s = re.sub(r'<div class="line"><br\s*/?></div>', "", s)
    s = re.sub(r'<div class="line">(.*?)</div>', r"<p>\1</p>", s, flags=re.S)
    s = re.sub(r'<div class="line-block">', "<div>", s)
    # footnotes: each reference becomes the token FNREF<n>ZZ, the notes are returned apart
    notes = {}
    for num, text in re.findall(r'<aside class="footnote brackets"[^>]*>\s*<span class="label">.*?\[</span>'
                                r'(?:<a[^>]*>)?(\d+)(?:</a>)?<span class="fn-bracket">\]</span></span>'
                                r'(?:\s*<span class="backrefs">.*?</span>)?(.*?)</aside>', s, re.S):
        notes[num] = text.strip()
    s = re.sub(r'<aside class="footnote-list brackets">.*?</aside>\s*</aside>', "", s, flags=re.S)
    s = re.sub(r'\s*<a class="footnote-reference brackets"[^>]*><span class="fn-bracket">\[</span>(\d+)'
               r'<span class="fn-bracket">\]</span></a>', r"FNREF\1ZZ", s)
    head = '<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>page</title></head><body>\n'
    return head + s + "\n</body></html>\n", notes


def sections(lines, a, b):
    """Lines of top-level sections a..b of a converted file (0: title and text before the first).
    A later heading of the title's level (a second "chapter" in the file) also opens a section."""
    heads = headings(lines)
    top = min(level for _, level, _ in heads)
    sub = [i for i, level, _ in heads[1:] if level <= top + 1]
    bounds = [0] + sub + [len(lines)]
    if not 0 <= a <= b < len(bounds) - 1:
        sys.exit("build.py: no sections %d-%d" % (a, b))
    return lines[bounds[a]:bounds[b + 1]]


def vsite_heading(line):
    """Headings that point to the dropped figures: "... atoms (Fig. 35 2fd)" names the virtual-site
    type ("(type 2fd)"), "..., see separate Fig. 36" goes."""
    if not line.startswith("#"):
        return line
    line = re.sub(r" \(Fig\.\s\d+ (\w+)\)$", r" (type \1)", line)
    return re.sub(r", see separate Fig\.\s\d+$", "", line)


def drop_empty_sections(lines):
    """A heading followed straight by one of the same or a higher level (an empty section of the
    source, "OPLS/AA") goes."""
    heads = headings(lines)
    drop = set()
    for (i, level, _), (j, next_level, _) in zip(heads, heads[1:]):
        if next_level <= level and not any(l.strip() for l in lines[i + 1:j]):
            drop.add(i)
    return [l for k, l in enumerate(lines) if k not in drop]


def one_title(lines):
    """True when the file's lines have a single heading of the top level (its title)."""
    levels = [level for _, level, _ in headings(lines)]
    return levels.count(min(levels)) == 1


def footnotes(body, notes, tmp):
    """FNREF<n>ZZ tokens become GFM footnote references, the notes they cite go to the page's end."""
    cited = []
    def ref(m):
        cited.append(m.group(1))
        return "[^%s]" % m.group(1)
    body = [re.sub(r"FNREF(\d+)ZZ", ref, l) for l in body]
    for num in cited:
        path = os.path.join(tmp, "note.html")
        with open(path, "w", encoding="utf-8") as f:
            f.write("<html><body>%s</body></html>\n" % notes[num])
        text = " ".join(re.sub(r"CITE(\d+)ZZ", r"[\1]", l.strip()) for l in convert(path, lua) if l.strip())
        body += ["", "[^%s]: %s" % (num, text)]
    return body


os.makedirs(out, exist_ok=True)
with tempfile.TemporaryDirectory() as tmp:
    for name, title, specs in read_plan(pages_txt):
        specs = specs.split()
        body = []
        notes = {}
        whole_title = False
        for spec in specs:
            lead = spec.endswith(":lead")
            spec = spec[:-5] if lead else spec
            fname, _, rng = spec.partition("#")
            with open(os.path.join(html_dir, fname), encoding="utf-8") as f:
                src = f.read()
            tmpfile = os.path.join(tmp, "page.html")
            with open(tmpfile, "w", encoding="utf-8") as f:
                page_html, file_notes = clean(src)
                f.write(page_html)
            lines = [re.sub(r"CITE(\d+)ZZ", r"[\1]", l) for l in convert(tmpfile, lua)]
            notes.update(file_notes)
            if rng:
                a, b = (int(x) for x in rng.split("-"))
                lines = sections(lines, a, b)
            lines = [vsite_heading(l) for l in lines]
            # the part opens with a heading that is its only one of that level: it has a title
            heads = headings(lines)
            has_title = bool(heads) and heads[0][0] == 0 and one_title(lines)
            if len(specs) == 1 and has_title and not lead:
                # one file, chapter or section: its title becomes the page title
                body += shift(lines, 1, False, replace_title=title)
                whole_title = True
            else:
                body += shift(lines, 2, lead and has_title)
            body.append("")
        if not whole_title:
            body = ["# " + title, ""] + body
        body = footnotes(drop_empty_sections(body), notes, tmp)
        write_page(out, name, title, body, drop_list_separators=True)
