import re, subprocess, os, sys
# exec'd by assemble.py, whose __file__ is beside this file
# The shared modules sit beside the books: no __pycache__ there (it would read as a book).
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from kde_handbook_html import flatten_lists_and_links, keepcap, remove_div
# Directory with the HTML cache split into one file per <FILENAME> (set by assemble.py)
H=os.environ.get('KSTARS_HTML_DIR','html')
def qanda(body, hlevel):
    def rowq(m):
        row=m.group(1)
        tds=re.findall(r'<td[^>]*>(.*?)</td>', row, re.S)
        q=re.sub(r'</?p>','',tds[-1]).strip()
        return '<h%d>%s</h%d>'%(hlevel,q,hlevel)
    def rowa(m):
        tds=re.findall(r'<td[^>]*>(.*?)</td>', m.group(1), re.S)
        return tds[-1]
    body=re.sub(r'<tr class="question">(.*?)</tr>', rowq, body, flags=re.S)
    body=re.sub(r'<tr class="answer">(.*?)</tr>', rowa, body, flags=re.S)
    body=re.sub(r'<table border="0" style="width: 100%;">|<colgroup>.*?</colgroup>|</?tbody>','',body, flags=re.S)
    # closing table of qandaset
    body=re.sub(r'(<div class="qandaset">.*?)</table>', lambda m: m.group(1), body, flags=re.S)
    return body

def html_body(name):
    s=open(os.path.join(H,name),encoding='utf-8').read()
    a=s.find('<div id="contentBody">'); b=s.find('<div id="footer">')
    body=s[a:b]
    body=re.sub(r'xmlns:doc="[^"]*"','',body)
    body=remove_div(body, r'<div class="toc"')
    body=remove_div(body, r'<div class="navCenter"')
    body=remove_div(body, r'<div class="screenshot"', keepcap)
    body=remove_div(body, r'<div\s+class="mediaobject"', keepcap)
    body=re.sub(r'<table border="0" summary="manufactured viewport.*?</table>','',body, flags=re.S)
    body=re.sub(r'<p class="author">.*?</p>','',body, flags=re.S)
    body=re.sub(r'<img[^>]*>|<embed[^>]*>(</embed>)?','',body)
    body=re.sub(r'<a class="indexterm"[^>]*></a>|<a name="[^"]*"></a>','',body)
    # admonitions
    body=re.sub(r'<h3 class="title">(Note|Tip|Warning|Important|Caution|NOTE|TIP|WARNING|IMPORTANT)</h3>', lambda m: '<p><strong>%s:</strong></p>'%m.group(1).capitalize(), body)
    return flatten_lists_and_links(qanda(body, 4))

def to_md(html):
    out=subprocess.run(['pandoc','-f','html','-t','gfm-raw_html','--wrap=none'],input=html,capture_output=True,text=True).stdout
    return out

def clean(md):
    md=re.sub(r'^(#+)[ \u00a0](Chapter|Appendix)[ \u00a0][0-9A-Z]+\.[ \u00a0]', r'\1 ', md, flags=re.M)
    md=re.sub(r'^(#+) [0-9]+\.[0-9.]* ', r'\1 ', md, flags=re.M)
    md=re.sub(r'^!\[[^\]]*\]\([^)]*\)\s*$','',md, flags=re.M)
    md=re.sub(r'^\*\*(\d+(\.\d+)?\.|Q:) .*\*\*\s*$','',md, flags=re.M)
    md=re.sub(r'\n{3,}','\n\n',md)
    return md.strip()+'\n'

def shift(md, top):
    levels=[];fence=False
    for line in md.split('\n'):
        if line.startswith('```'): fence=not fence
        m=re.match(r'^(#+) ',line)
        if m and not fence: levels.append(len(m.group(1)))
    # ignore headings inside code fences
    if not levels: return md
    d=top-min(levels)
    out=[];fence=False
    for line in md.split('\n'):
        if line.startswith('```'): fence=not fence
        m=re.match(r'^(#+) ',line)
        if m and not fence:
            n=max(1,min(6,len(m.group(1))+d)); line='#'*n+line[len(m.group(1)):]
        out.append(line)
    return '\n'.join(out)
