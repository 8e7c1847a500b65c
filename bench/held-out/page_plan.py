"""Shared by the held-out books' page splitters: the page plan (rebuild/pages.txt) and the headings
of a converted markdown file."""
import re


def read_plan(path):
    """pages.txt: one `file|title|start` line per page (blank lines and # comments skipped; the
    fields are stripped, so `file | title | start` reads the same)."""
    plan = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            name, title, start = [field.strip() for field in line.split("|")]
            plan.append((name, title, start))
    return plan


def headings(lines):
    """(line index, level, text) of every ATX heading outside fenced code."""
    found = []
    fence = False
    for i, line in enumerate(lines):
        if line.startswith("```"):
            fence = not fence
            continue
        if fence:
            continue
        m = re.match(r"^(#{1,6}) (.*)$", line)
        if m:
            found.append((i, len(m.group(1)), m.group(2).strip()))
    return found
