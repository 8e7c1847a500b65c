#!/usr/bin/env python3
"""Convert nodes of the Gnuastro manual (the Info files of the Debian package gnuastro) into the pages
listed in pages.txt.
usage: build.py INFO_DIR PAGES_TXT OUT_DOCS_DIR

Debian ships the manual only as Info (gnuastro.info*.gz, made by makeinfo 6.8 from gnuastro.texi), a
format pandoc cannot read, so this script reads the Info text itself. makeinfo's layout is regular:
a node is a heading underlined with * = - . (chapter, section, subsection, subsubsection), paragraphs
are wrapped lines (the first indented by 3), @example and @quotation blocks are indented by 5 more
than the text around them, @itemize items start with "•" and @enumerate items with "1.", an @table
item is its term(s) on lines of their own followed at once by the description indented by 5, display
math keeps its TeX between $$ and $$ (inline math between $ and $), and the footnotes follow a
"---------- Footnotes ----------" line. The blocks are rebuilt from that indentation:
paragraphs joined to one line, examples as fenced code, @table items as "- **term**: text" bullets,
display math as $$ blocks, footnotes as GFM footnotes at the end of the page. Menus, images, figure
captions and the URLs that follow a link's text go; cross references keep their text.
pages.txt: `file|title|node ; node ; ...` (read with ../../page_plan.py)."""
import gzip
import os
import re
import sys

# The shared modules sit beside the books: no __pycache__ there (it would read as a book).
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from page_plan import read_plan  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from info_blocks import inline, parse, render  # noqa: E402

LEVELS = {"*": 1, "=": 2, "-": 3, ".": 4}
FOOT = "   ---------- Footnotes ----------"


def read_nodes(info_dir):
    """{node name: (up, text after the header line)} from gnuastro.info.gz and its parts."""
    names = ["gnuastro.info.gz"] + ["gnuastro.info-%d.gz" % i for i in range(1, 100)]
    found = {}
    for name in names:
        path = os.path.join(info_dir, name)
        if not os.path.exists(path):
            continue
        with gzip.open(path, "rt", encoding="utf-8") as f:
            text = f.read()
        for part in text.split("\x1f")[1:]:
            m = re.match(r"\nFile: [^,]+,  Node: ([^,\n]+)(?:,  Next: [^,\n]+)?(?:,  Prev: [^,\n]+)?"
                         r",  Up: ([^,\n]+)\n", part)
            if m:
                found[m.group(1)] = (m.group(2), part[m.end():])
    return found


def node_body(text):
    """(heading level, heading text, body lines, footnotes {n: text}) of one node's text."""
    lines = text.split("\n")
    while lines and not lines[0].strip():
        lines.pop(0)
    title, underline = lines[0], lines[1]
    level = LEVELS[underline[0]]
    title = re.sub(r"^(\d+(\.\d+)*|Appendix [A-Z](\.\d+)*) ", "", title.strip())
    title = re.sub(r"^Gnuastro manifesto: ", "", title)
    rest = "\n".join(lines[2:])
    notes = {}
    if FOOT in rest:
        rest, foot = rest.split(FOOT, 1)
        for num, note in re.findall(r"^   \((\d+)\) (.*?)(?=^   \(\d+\) |\Z)", foot, re.S | re.M):
            notes[int(num)] = note
    body = rest.split("\n")
    # menus go (to the footnotes or the end of the node)
    for k, l in enumerate(body):
        if l.startswith("* Menu:"):
            body = body[:k]
            break
    # images go, with the figure caption after them (up to its blank line)
    out, k = [], 0
    while k < len(body):
        l = body[k]
        if "[image src=" in l:
            k += 1
            while k < len(body) and not body[k].strip():
                k += 1
            if k < len(body) and re.match(r"^Figure \d+\.\d+: ", body[k]):
                while k < len(body) and body[k].strip():
                    k += 1
            continue
        out.append(l)
        k += 1
    return level, title, out, notes


def footnote_refs(lines, notes, counter, page_notes):
    """The footnote marks "(n)" of a node, in order, become GFM references numbered for the page;
    notes that are only a URL go with their mark."""
    text = "\n".join(lines)
    pos = 0
    for num in sorted(notes):
        mark = "(%d)" % num
        # the mark follows its word without a space ("signal (1) or noise (0)" is text)
        found = re.compile(r"(?<=\S)" + re.escape(mark)).search(text, pos)
        if not found:
            sys.exit("build.py: footnote mark %s not found" % mark)
        at = found.start()
        note = inline(notes[num])
        if re.fullmatch(r"(?:https?|ftp)://\S+", note):
            text = text[:at] + text[at + len(mark):]
            pos = at
            continue
        counter[0] += 1
        ref = "[^%d]" % counter[0]
        text = text[:at] + ref + text[at + len(mark):]
        pos = at + len(ref)
        page_notes.append((counter[0], note))
    return text.split("\n")


def ancestors(name, nodes):
    seen = []
    while name in nodes:
        name = nodes[name][0]
        seen.append(name)
    return seen


def build_page(out, name, title, specs, nodes):
    names = [s.strip() for s in specs.split(";") if s.strip()]
    for nm in names:
        if nm not in nodes:
            sys.exit("build.py: no node %r" % nm)
    parsed = [node_body(nodes[nm][1]) for nm in names]
    lead = all(names[0] in ancestors(nm, nodes) for nm in names[1:])
    # a node's heading level: under the page title, one more for each of its ancestors on the page
    depth = [sum(1 for a in ancestors(nm, nodes) if a in names) for nm in names]
    counter, page_notes = [0], []
    parts = ["# " + title]
    for k, (level, head, body, notes) in enumerate(parsed):
        body = footnote_refs(body, notes, counter, page_notes)
        if not (lead and k == 0):
            lvl = depth[k] + (1 if lead else 2)
            parts.append("#" * min(6, lvl) + " " + head)
        rendered = render(parse(body, 0))
        if rendered:
            parts.append(rendered)
    for num, note in page_notes:
        parts.append("[^%d]: %s" % (num, note))
    text = "\n\n".join(parts)
    text = re.sub(r"[ \t]+\n", "\n", text)
    text = re.sub(r"\n{3,}", "\n\n", text).strip() + "\n"
    front = '---\ntitle: "%s"\n---\n\n' % title.replace('"', '\\"')
    with open(os.path.join(out, name + ".md"), "w", encoding="utf-8") as fh:
        fh.write(front + text)


def main():
    info_dir, pages_txt, out = sys.argv[1:4]
    nodes = read_nodes(info_dir)
    os.makedirs(out, exist_ok=True)
    for name, title, specs in read_plan(pages_txt):
        build_page(out, name, title, specs, nodes)


main()
