#!/usr/bin/env python3
"""Build OUT_DIR/docs/ from the Gnumeric manual (gnumeric-doc, DocBook) converted by pandoc.
Usage: build.py FULL_MD OUT_DOCS_DIR"""
import re, os, sys
SRC = sys.argv[1]
OUT = sys.argv[2]
text = open(SRC, encoding='utf-8').read()

# ---------- cleaning ----------
text = re.sub(r'<figure>.*?</figure>\n?', '', text, flags=re.S)
text = re.sub(r'<div class="title">\s*(.*?)\s*</div>', lambda m: '**' + m.group(1).strip() + '**', text, flags=re.S)
text = re.sub(r'^\s*<div(?: id="[^"]*")? class="[a-z]+">\s*$', '', text, flags=re.M)
text = re.sub(r'^\s*</div>\s*$', '', text, flags=re.M)
def span(m):
    s = m.group(1).strip()
    s = re.sub(r'\s*\+\s*', '+', s).strip('+')
    return s
text = re.sub(r'<span class="keycombo">(.*?)</span>', span, text, flags=re.S)
text = re.sub(r'<span[^>]*>(.*?)</span>', r'\1', text, flags=re.S)
text = re.sub(r'<code>(.*?)</code>', r'`\1`', text)
text = re.sub(r'<sub>(.*?)</sub>', r'\1', text)
text = re.sub(r'^[ \t]*(?:!\[[^\]]*\]\([^)]*\)[ \t]*)+', '', text, flags=re.M)  # images at line start
text = re.sub(r'[ \t]*!\[[^\]]*\]\([^)]*\)', '', text)          # inline images
text = re.sub(r'\[figure_title\]\(#[^)]*\)', 'the figure', text)
text = re.sub(r'\[table_title\]\(#[^)]*\)', 'the table', text)
text = re.sub(r'\[appendix_title\]\(#keybinding\)', 'the Keybinding Reference appendix', text)
text = re.sub(r'\[appendix_title\]\(#function-reference\)', 'the Function Reference appendix', text)
text = re.sub(r'\[refentry_title\]\(#gnumeric-function-([A-Za-z0-9_.]+)\)', r'\1', text)
text = re.sub(r'\[([^\]]+)\]\((?:#|ghelp:)[^)]*\)', r'\1', text)   # internal links -> text
text = re.sub('[\u2000-\u200a]', ' ', text)
# pandoc renders the MathML of the simulation chapter letter by letter: *P**r**o*... -> *Pro*
for _ in range(3):
    text = re.sub(r'(?<=\*[\w.])\*\*(?=[\w.]\*)', '', text)
for _ in range(2):
    text = re.sub(r'\\<\s*\*subscript\*\s*\\>\s*(.*?)\s*\\<\s*/\*subscript\*\s*\\>', r'_\1', text)
    text = re.sub(r'\\<\s*\*superscript\*\s*\\>\s*(.*?)\s*\\<\s*/\*superscript\*\s*\\>', r'^\1', text)
text = re.sub(r'(?<=\w)\+\++(?=\w)', '+', text)          # Ctrl++S -> Ctrl+S
text = re.sub(r'\[\[\s*(\S+)\s*\]\(\s*\S+\s*\)\]\((\S+)\)', r'\2', text)   # doubly nested ulink
text = re.sub(r'\[<(https?://[^>]+)>\]\(\1\)', r'\1', text)   # [<url>](url) -> url
text = re.sub(r'<(https?://[^>\s]+)>', r'\1', text)             # <url> autolinks -> url
text = re.sub(r'^<!-- -->\n', '', text, flags=re.M)        # pandoc list separators
text = text.replace("Gnumeric\n\n's Data Analysis Tools", "Gnumeric's Data Analysis Tools")
text = text.replace("Output from the\n\nz\n\n-Test Tools", "Output from the z-Test Tools")
text = re.sub(r'(?<=\S)  $', '\n', text, flags=re.M)      # hard line breaks -> paragraph breaks
text = re.sub(r'[ \t]+$', '', text, flags=re.M)
text = re.sub(r'^(\|.*)$', lambda m: re.sub(r' {2,}(?=\|)', ' ', m.group(1)), text, flags=re.M)  # trim table padding
text = re.sub(r'^\|(-+\|)+$', lambda m: re.sub(r'-+', '---', m.group(0)), text, flags=re.M)
text = re.sub(r'\n{3,}', '\n\n', text)

# footnote definitions (pandoc puts them all at the end) -> re-attached to the page that cites them
FOOT = dict(re.findall(r'^\[\^(\d+)\]: (.*)$', text, flags=re.M))
text = re.sub(r'^\[\^\d+\]: .*\n?', '', text, flags=re.M)

# ---------- parse into chapters / sections ----------
lines = text.split('\n')
chapters = []   # [title, intro_lines, [[sectitle, lines]]]
for l in lines:
    m1 = re.match(r'^# (.*)', l); m2 = re.match(r'^## (.*)', l)
    if m1:
        chapters.append([m1.group(1).strip(), [], []]); continue
    if not chapters: continue
    if m2:
        chapters[-1][2].append([m2.group(1).strip(), [l]]); continue
    if chapters[-1][2]: chapters[-1][2][-1][1].append(l)
    else: chapters[-1][1].append(l)
CH = {c[0]: c for c in chapters}

def chap(name, shift=False):
    c = CH[name]; out = []
    body = c[1] + sum((s[1] for s in c[2]), [])
    if shift:
        out.append('## ' + name)
        body = ['#' + l if re.match(r'^#{1,5} ', l) else l for l in body]
    return (out + body) if shift else body

def secs(name, names, intro=False):
    c = CH[name]; out = list(c[1]) if intro else []
    have = {s[0]: s for s in c[2]}
    for n in names:
        out += have[n][1]
    return out

PAGES = [
 ('welcome-and-using-this-manual', 'Welcome and How to Use This Manual', lambda: chap('Welcome!', True) + chap('How to Use This Manual', True)),
 ('quick-start-first-steps', 'Quick Introduction: First Steps', lambda: secs('A Quick Introduction', ['Working with Gnumeric', 'Starting Gnumeric the First Time', 'The Parts of Gnumeric', 'Using Commands'], True)),
 ('quick-start-entering-and-formatting-data', 'Quick Introduction: Entering and Formatting Data', lambda: secs('A Quick Introduction', ['Data in Gnumeric', 'Cell Formats', 'Complex Cell Selections', 'Moving Cell Contents, Inserting New Cells or Deleting Cells', 'Sheets'])),
 ('quick-start-graphs-printing-and-files', 'Quick Introduction: Graphs, Printing and Files', lambda: secs('A Quick Introduction', ['Graphing', 'Printing', 'File Opening and Saving', 'Closing Gnumeric'])),
 ('interface-overview-context-menus-and-toolbars', 'Gnumeric Elements: Overview, Context Menus and Toolbars', lambda: secs('Gnumeric Elements', ['Overview', 'Context Menus', 'Toolbars'], True)),
 ('data-entry-area-cell-grid-and-mouse', 'Gnumeric Elements: Data Entry Area, Cell Grid and Mouse Pointers', lambda: secs('Gnumeric Elements', ['Data Entry Area', 'The Cell Grid', 'The Information Area', 'The Mouse Pointers used by Gnumeric'])),
 ('cell-contents-and-data-types', 'Cell Contents and Data Types', lambda: secs('Working with Data', ['Data in Gnumeric Cells', 'The Types of Cell Elements'], True)),
 ('entering-data', 'Entering Data', lambda: secs('Working with Data', ['Data Entry', 'Advanced Data Entry', 'Obtaining Data from External Sources'])),
 ('selecting-moving-and-copying-cells', 'Selecting, Moving and Copying Cells', lambda: secs('Working with Data', ['Selecting Cells and Cell Ranges', 'Moving and Copying Data', 'Deleting Data', 'Inserting New Data Cells'])),
 ('formatting-cells', 'Formatting Cells', lambda: secs('Working with Data', ['Formatting Cells', 'Conditional Formatting of Cells'])),
 ('filters-comments-hyperlinks-and-names', 'Filters, Comments, Hyperlinks and Names', lambda: secs('Working with Data', ['Filtering Data', 'Modifying Data', 'Generating Data', 'Comments in Cells', 'Hyperlinks', 'Defining Names'])),
 ('goal-seek-and-simulation', 'Advanced Analysis: Goal Seek and Simulation', lambda: chap('Advanced Analysis')),
 ('solver', 'The Solver', lambda: chap('The Solver')),
 ('descriptive-statistics-and-sampling', 'Statistical Analysis: Descriptive Statistics and Sampling', lambda: secs('Statistical Analysis', ['Overview', 'Descriptive Statistics', 'Sampling Tool'], True)),
 ('dependent-observations-and-regression', 'Statistical Analysis: Dependent Observations', lambda: secs('Statistical Analysis', ['Dependent Observations'])),
 ('hypothesis-tests', 'Statistical Analysis: One, Two and Multiple Sample Tests', lambda: secs('Statistical Analysis', ['One Sample Tests', 'Two Sample Tests', 'Multiple Sample Tests'])),
 ('images-widgets-and-drawings', 'Graphics: Images, Widgets, and Drawings', lambda: chap('Graphics: Images, Widgets, and Drawings')),
 ('graphs-overview-and-graph-guru', 'Graphs: Overview and the Graph Guru', lambda: secs('Graphs', ['Overview of Graphs', 'The Graph Guru'], True)),
 ('plot-types', 'Graphs: Plot Types', lambda: secs('Graphs', ['Plot Types'])),
 ('graph-element-properties', 'Graphs: Configuring Graph Element Properties', lambda: secs('Graphs', ['Configuring Graph Element Properties', 'Pre-Selecting Data'])),
 ('worksheets-and-workbook-settings', 'Using Worksheets and Workbook Settings', lambda: chap('Using Worksheets', True) + chap('Workbook Settings', True)),
 ('configuring-gnumeric', 'Configuring Gnumeric', lambda: chap('Configuring Gnumeric')),
 ('file-formats', 'Working with Files: File Formats', lambda: secs('Working with Files', ['Files in Gnumeric', 'File Formats'], True)),
 ('opening-files', 'Opening Files', lambda: secs('Working with Files', ['Opening Files'])),
 ('importing-text-files', 'Importing Text Files', lambda: secs('Working with Files', ['Importing Text Files'])),
 ('saving-and-sending-files', 'Saving and Sending Files', lambda: secs('Working with Files', ['Saving Files', 'Sending Files'])),
 ('exporting-text-and-converting-files', 'Exporting Text Files and Converting Files', lambda: secs('Working with Files', ['Exporting Text Files', 'Converting Files'])),
 ('printing', 'Printing', lambda: chap('Printing')),
 ('getting-more-help', 'Getting More Help', lambda: chap('Getting More Help')),
 ('reporting-a-problem', 'Reporting a Problem', lambda: chap('Reporting a Problem')),
 ('keybinding-reference', 'Keybinding Reference', lambda: chap('Keybinding Reference')),
]

os.makedirs(OUT, exist_ok=True)
for f in os.listdir(OUT):
    if f.endswith('.md'): os.remove(os.path.join(OUT, f))
for i, (slug, title, fn) in enumerate(PAGES, 1):
    body = '\n'.join(fn()).strip('\n')
    # drop unwritten stub sections ("This section needs to be written.") and empty headings
    body = re.sub(r'^This (?:section |chapter )?(?:needs to be|has not yet been) written\.*\n?', '', body, flags=re.M)
    body = re.sub(r'^(?:\.\.\.|Work in Progress|This section is not yet written\.)\n', '', body + '\n', flags=re.M)
    body = re.sub(r'\n{3,}', '\n\n', body).strip('\n')
    changed = True
    while changed:
        changed = False
        ls = body.split('\n'); keep = []
        for k, l in enumerate(ls):
            m = re.match(r'^(#+) ', l)
            if m:
                j = k + 1
                while j < len(ls) and not ls[j].strip(): j += 1
                n = re.match(r'^(#+) ', ls[j]) if j < len(ls) else None
                if j >= len(ls) or (n and len(n.group(1)) <= len(m.group(1))):
                    changed = True; continue
            keep.append(l)
        body = re.sub(r'\n{3,}', '\n\n', '\n'.join(keep)).strip('\n')
    cited = [n for n in re.findall(r'\[\^(\d+)\]', body) if n in FOOT]
    if cited:
        body += '\n\n' + '\n\n'.join(f'[^{n}]: {FOOT[n]}' for n in dict.fromkeys(cited))
    name = f'{i:02d}-{slug}.md'
    with open(os.path.join(OUT, name), 'w', encoding='utf-8') as fh:
        yt = '"' + title.replace('\\', '\\\\').replace('"', '\\"') + '"' if re.search(r'[:#"\']', title) else title
        fh.write(f'---\ntitle: {yt}\n---\n\n# {title}\n\n{body}\n')
    print(name, len(body.split()))
