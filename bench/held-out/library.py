"""Puts the held-out books built by fetch.sh into one library: OUT/docs/<book>/<page>.md and
OUT/queries.json with every book's answerable questions, their pages prefixed with the book's folder.
A question's page is still one page of one book; the other books are more pages to rank against, so
this measures how ranking scales with the size of a book (off-topic questions are left out: with nine
subjects in one index, "close to the subject but not covered" no longer holds).
Usage: python3 library.py BOOKS_DIR OUT_DIR [BOOK ...]   (default: every book with a queries.json)"""
import json
import os
import shutil
import sys

sys.dont_write_bytecode = True
here = os.path.dirname(os.path.abspath(__file__))
books_dir, out = sys.argv[1], sys.argv[2]
books = sys.argv[3:] or sorted(b for b in os.listdir(here) if os.path.isfile(os.path.join(here, b, 'queries.json')))
questions = []
for book in books:
    docs = os.path.join(books_dir, book, 'docs')
    if not os.path.isdir(docs):
        sys.exit(f'library: {docs} is missing; run: sh bench/held-out/fetch.sh')
    shutil.copytree(docs, os.path.join(out, 'docs', book))
    with open(os.path.join(here, book, 'queries.json'), encoding='utf-8') as f:
        for q in json.load(f):
            if q.get('expect_no_results'):
                continue
            q = dict(q, id=f'{book}:{q["id"]}')
            for key in ('expected_files', 'also_relevant'):
                if key in q:
                    q[key] = [f'{book}/{page}' for page in q[key]]
            questions.append(q)
with open(os.path.join(out, 'queries.json'), 'w', encoding='utf-8') as f:
    json.dump(questions, f, indent=1)
print(f'library: {len(books)} books, {len(questions)} answerable questions -> {out}', file=sys.stderr)
