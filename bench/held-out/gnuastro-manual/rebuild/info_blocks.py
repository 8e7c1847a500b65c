#!/usr/bin/env python3
"""The block layer of build.py: makeinfo's Info text (one node's body lines) read back into blocks
(paragraphs, examples, lists, @table items, display math) and those blocks written as GitHub
markdown. The layout it relies on is described in build.py."""
import re

def indent(line):
    return len(line) - len(line.lstrip(" "))


def is_math_start(line):
    return line.strip().startswith("$$")


# ---------------------------------------------------------------- inline text

def inline(text):
    """One paragraph's text: cross references keep their text, URLs after a link's text go,
    runs of spaces become one."""
    text = re.sub(r"\s+", " ", text).strip()
    # "*note Label: Node." / "*note Label: (manual)Node," : the label
    # (its closing "." stays when a new sentence follows)
    text = re.sub(r"\*[Nn]ote ([^:*]+?): (\([^)]*\))?[^.,:*]+?([.,])(?=( [A-Z])?)",
                  lambda m: m.group(1) + ("." if m.group(3) == "." and m.group(4) else ""), text)
    # "*note Node::" : the node name
    text = re.sub(r"\*[Nn]ote (\([^)]*\))?([^:*]+?)::", r"\2", text)
    # a link's URL in parentheses after its text goes; a bare <URL> stays as the URL
    text = re.sub(r" ?\((?:https?|ftp)://[^\s)]*\)", "", text)
    text = re.sub(r"<((?:https?|ftp)://[^\s>]+)>", r"\1", text)
    return text.strip()


# ---------------------------------------------------------------- block parser

def collect_math(lines, i):
    """Display math from lines[i] (which starts with $$) to the closing $$: (tex, next index, text
    that follows the closing $$ on its line, or "")."""
    parts = []
    while i < len(lines):
        parts.append(lines[i].strip())
        i += 1
        if " ".join(parts).count("$$") >= 2:
            break
    joined = " ".join(parts)
    first = joined.index("$$")
    close = joined.index("$$", first + 2)
    tex = joined[first + 2:close]
    return re.sub(r"\s+", " ", tex).strip(), i, joined[close + 2:].strip()


def term_group(lines, i, b, after_paragraph=False):
    """When lines[i] opens an @table item at indent b (its term lines, short and at most three, then
    the description indented by 5 on the very next line), the index of the description's first
    line; else None. The terms follow a blank line (after_paragraph: a paragraph's last line)."""
    if not after_paragraph and i > 0 and lines[i - 1].strip():
        return None
    j = i
    while j < len(lines) and j - i < 3 and lines[j].strip() and indent(lines[j]) == b \
            and not is_math_start(lines[j]) and len(lines[j].strip()) < 60:
        j += 1
    if j == i or j >= len(lines) or not lines[j].strip():
        return None
    if indent(lines[j]) >= b + 5 and not is_math_start(lines[j]) and not lines[j].strip().startswith("• "):
        return j
    return None


def prose_like(chunk):
    """An indented chunk is a quotation (prose), not an example, when its lines are wrapped text."""
    lines = [l for l in chunk if l.strip() and not l.strip().startswith("— ")]
    if len(lines) < 2:
        return False
    if len({indent(l) for l in lines}) != 1:
        return False
    if any(l.strip().startswith(("$", "#", "astscript", "ast")) for l in lines):
        return False
    body = lines[:-1]
    return sum(len(l) for l in body) / len(body) >= 55 and all(" " in l.strip() for l in lines)


def parse(lines, b):
    """Blocks of lines whose text stands at indent b: ("para", text), ("math", tex),
    ("code", lines), ("list", kind, [blocks per item]), ("dl", [(terms, blocks)])."""
    blocks = []
    i, n = 0, len(lines)
    while i < n:
        line = lines[i]
        s = line.strip()
        if not s:
            i += 1
            continue
        ind = indent(line)
        if is_math_start(line):
            tex, i, after = collect_math(lines, i)
            blocks.append(("math", tex))
            if after:
                # text after the closing $$ on its line opens the next paragraph, which goes on over
                # the next line when the sentence is not finished
                if not after.endswith((".", ":", "!", "?")) and i < n and lines[i].strip():
                    after += " " + lines[i].strip()
                    i += 1
                lines = lines[:i] + [" " * (b + 3) + after] + lines[i:]
                n = len(lines)
            continue
        bullet = re.match(r"^( *)• ", line)
        enum = re.match(r"^( *)(\d+)\. ", line)
        if bullet or (enum and b < ind < b + 5):
            kind = "ul" if bullet else "ol"
            marker = bullet.group(0) if bullet else enum.group(0)
            col = len(marker)
            item = [" " * col + line[col:]]
            i += 1
            while i < n:
                l2 = lines[i]
                if l2.strip() and indent(l2) < col and not is_math_start(l2):
                    break
                item.append(l2)
                i += 1
            sub = parse(item, col)
            if blocks and blocks[-1][0] == "list" and blocks[-1][1] == kind:
                blocks[-1][2].append(sub)
            else:
                blocks.append(["list", kind, [sub]])
            continue
        if s.startswith("$ ") and ind < b + 5:
            # examples that makeinfo left unindented: up to the next blank line
            chunk = []
            while i < n and lines[i].strip():
                chunk.append(lines[i])
                i += 1
            blocks.append(("code", chunk))
            continue
        if ind >= b + 5:
            chunk = []
            while i < n:
                l2 = lines[i]
                if l2.strip() and indent(l2) < b + 5:
                    break
                chunk.append(l2)
                i += 1
            while chunk and not chunk[-1].strip():
                chunk.pop()
            if prose_like(chunk):
                # a quotation: its paragraphs, the attribution ("— name") a paragraph of its own
                text = "\n".join(chunk)
                text = re.sub(r"\n *(— )", r"\n\n\1", text)
                for para in text.split("\n\n"):
                    if para.strip():
                        blocks.append(("para", inline(para)))
            else:
                blocks.append(("code", chunk))
            continue
        # (a term right after a paragraph: the paragraph stopped before it, see below)
        j = term_group(lines, i, b, after_paragraph=bool(blocks) and blocks[-1][0] == "para")
        if j is not None:
            terms = [inline(l) for l in lines[i:j]]
            body = []
            k = j
            while k < n:
                l2 = lines[k]
                if l2.strip() and indent(l2) < b + 5 and not is_math_start(l2):
                    break
                body.append(l2)
                k += 1
            item = (terms, parse(body, b + 5))
            if blocks and blocks[-1][0] == "dl":
                blocks[-1][1].append(item)
            else:
                blocks.append(["dl", [item]])
            i = k
            continue
        # a paragraph: up to a blank line, display math, a list item, an example or a table term
        para = [line]
        i += 1
        while i < n:
            l2 = lines[i]
            if not l2.strip() or is_math_start(l2) or l2.lstrip().startswith("• "):
                break
            if indent(l2) > b:
                # continuation lines stand at b: an indented line opens a list item or an example
                break
            if term_group(lines, i, b, True) == i + 1 and para[-1].rstrip().endswith((".", ":")):
                # a table term right after a paragraph's last line (no blank line between)
                break
            para.append(l2)
            i += 1
        blocks.append(("para", inline(" ".join(para))))
    return blocks


# ---------------------------------------------------------------- markdown

def dedent(chunk):
    m = min(indent(l) for l in chunk if l.strip())
    return [l[m:].rstrip() for l in chunk]


def render(blocks, pad=""):
    out = []
    for blk in blocks:
        kind = blk[0]
        if kind == "para":
            out.append(pad + blk[1])
        elif kind == "math":
            out.append("%s$$\n%s%s\n%s$$" % (pad, pad, blk[1], pad))
        elif kind == "code":
            body = "\n".join((pad + l) if l else "" for l in dedent(blk[1]))
            out.append("%s```text\n%s\n%s```" % (pad, body, pad))
        elif kind == "list":
            items = []
            for num, sub in enumerate(blk[2], 1):
                marker = "- " if blk[1] == "ul" else "%d. " % num
                items.append(item_text(marker, sub, pad))
            out.append("\n".join(items) if all("\n" not in t for t in items) else "\n\n".join(items))
        elif kind == "dl":
            items = []
            for terms, sub in blk[1]:
                label = ", ".join("**%s**" % strip_quotes(t) for t in terms)
                if sub and sub[0][0] == "para":
                    first = ("para", "%s: %s" % (label, sub[0][1]))
                    items.append(item_text("- ", [first] + sub[1:], pad))
                else:
                    items.append(item_text("- ", [("para", label + ":")] + sub, pad))
            out.append("\n\n".join(items))
    return "\n\n".join(out)


def strip_quotes(term):
    return re.sub(r"^‘(.*)’$", r"\1", term)


def item_text(marker, sub, pad):
    inner = render(sub, pad + " " * len(marker))
    inner = inner[len(pad) + len(marker):] if inner else ""
    return pad + marker + inner


# ---------------------------------------------------------------- one node
