#!/usr/bin/env python3
"""Split the KDE help cache (index.cache.bz2, meinproc5 output) into one HTML
file per <FILENAME filename="..."> marker, dropping the </FILENAME> tags.
usage: split_cache.py index.cache.bz2 OUT_HTML_DIR"""
import bz2, os, re, sys
src, out = sys.argv[1], sys.argv[2]
with bz2.open(src, 'rt', encoding='utf-8') as f:
    s = f.read()
os.makedirs(out, exist_ok=True)
parts = re.split(r'<FILENAME filename="([^"]+)">', s)
for i in range(1, len(parts), 2):
    with open(os.path.join(out, parts[i]), 'w', encoding='utf-8') as f:
        f.write(parts[i + 1].replace('</FILENAME>', ''))
print('split %d files' % (len(parts) // 2), file=sys.stderr)
