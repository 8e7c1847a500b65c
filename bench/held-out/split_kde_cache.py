#!/usr/bin/env python3
"""Split the KDE help cache (index.cache.bz2, meinproc5 output) into one HTML file per
<FILENAME filename="..."> ... </FILENAME> block. Blocks nest (a chapter's block holds its
sections' blocks), so each file gets only its own text, without the nested blocks.
usage: split_kde_cache.py index.cache.bz2 OUT_HTML_DIR
Shared by the KMyMoney and KStars handbooks (both KDE help caches)."""
import bz2, os, re, sys
src, out = sys.argv[1], sys.argv[2]
with bz2.open(src, 'rt', encoding='utf-8') as f:
    s = f.read()
os.makedirs(out, exist_ok=True)
files, stack, pos = {}, [], 0
for m in re.finditer(r'<FILENAME filename="([^"]+)">|</FILENAME>', s):
    if stack:
        files[stack[-1]].append(s[pos:m.start()])
    if m.group(1):
        stack.append(m.group(1))
        files.setdefault(m.group(1), [])
    else:
        stack.pop()
    pos = m.end()
for name, chunks in files.items():
    with open(os.path.join(out, name), 'w', encoding='utf-8') as f:
        f.write(''.join(chunks))
print('split %d files' % len(files), file=sys.stderr)
