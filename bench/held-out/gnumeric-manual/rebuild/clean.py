#!/usr/bin/env python3
"""Strip DOCTYPE/comments from the xmllint-resolved DocBook. Usage: clean.py IN.xml OUT.xml"""
import re, sys
s = open(sys.argv[1], encoding='utf-8').read()
s = re.sub(r'<!DOCTYPE.*?\]>', '', s, count=1, flags=re.S)
s = re.sub(r'<!--.*?-->', '', s, flags=re.S)
s = s.replace('&gnum;', 'Gnumeric')
open(sys.argv[2], 'w', encoding='utf-8').write(s)
