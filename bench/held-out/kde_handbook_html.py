"""HTML clean-up shared by the KDE handbooks' converters (kmymoney-handbook, kstars-handbook): the
DocBook-made HTML of a KDE help cache, split by split_kde_cache.py, before pandoc turns it into GFM."""
import re


def remove_div(s, pattern, keep=None):
    """Remove every <div ...> matching pattern with its (nested) content, or put keep(inner) in its place."""
    pos = 0
    rx = re.compile(pattern)
    while True:
        m = rx.search(s, pos)
        if not m:
            return s
        start, i, depth, end = m.start(), m.end(), 1, None
        for t in re.finditer(r'<(/?)div\b', s[i:]):
            depth += -1 if t.group(1) else 1
            if depth == 0:
                end = i + t.start()
                end2 = s.index('>', end) + 1
                break
        repl = keep(s[i:end]) if keep else ''
        s = s[:start] + repl + s[end2:]
        pos = start + len(repl)


def keepcap(inner):
    """Screenshots/mediaobjects: keep a caption only if it is a real sentence (>= 10 words)."""
    m = re.search(r'<div class="caption">(.*?)</div>', inner, re.S)
    if m:
        t = re.sub(r'</?p>', '', m.group(1)).strip()
        if len(re.sub(r'<[^>]+>', '', t).split()) >= 10:
            return '<p>' + t + '</p>'
    return ''


def flatten_lists_and_links(body):
    """Definition terms become bold paragraphs, internal links their text, spans and divs go."""
    body = re.sub(r'<dt>(.*?)</dt>', lambda m: '<p><strong>%s</strong></p>' % re.sub(r'</?strong>', '', m.group(1)), body, flags=re.S)
    body = re.sub(r'</?dl[^>]*>|</?dd>', '', body)
    body = re.sub(r'<a[^>]*class="link"[^>]*>(.*?)</a>', r'\1', body, flags=re.S)
    body = re.sub(r'<a href="(?!https?:|mailto:)[^"]*"[^>]*>(.*?)</a>', r'\1', body, flags=re.S)
    body = re.sub(r'<a class="ulink" href="([^"]*)"[^>]*>', r'<a href="\1">', body)
    return re.sub(r'</?(span|div)\b[^>]*>', '', body)
