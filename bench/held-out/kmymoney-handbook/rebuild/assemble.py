#!/usr/bin/env python3
"""Turn the KMyMoney Handbook HTML (index.cache.bz2 split per <FILENAME> by ../../split_kde_cache.py)
into the markdown pages of the held-out book.
usage: assemble.py HTML_DIR OUT_DOCS_DIR
Each page = one or more chunk files (a chapter and/or its sections), listed in PLAN below.
Drops navigation, TOCs, author blocks, revision lines, screenshots and images; converts
with pandoc (html -> gfm, no raw HTML); headings: page title is the only H1."""
import os, re, subprocess, sys

# The shared modules sit beside the books: no __pycache__ there (it would read as a book).
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from kde_handbook_html import flatten_lists_and_links, keepcap, remove_div  # noqa: E402

H, OUT = sys.argv[1], sys.argv[2]

PLAN = [
    ("01-introduction-and-whats-new", "Introduction and What's New",
     ["introduction", "what-kmymoney-is-not", "whatsnew", "ch02s02"]),
    ("02-making-the-most-of-kmymoney", "Making the Most of KMyMoney",
     ["makingmostof", "makingmostof.mapping", "makingmostof.usefultips"]),
    ("03-using-kmymoney-main-window-and-new-file", "Using KMyMoney: the Main Window and Creating a New File",
     ["firsttime", "firsttime.mainwindow", "firsttime.3"]),
    ("04-using-kmymoney-first-steps", "Using KMyMoney: Accounts, Schedules, Categories, Payees, Import, Reconciliation and Backups",
     ["firsttime.4", "firsttime.schedules", "firsttime.categories", "firsttime.tags",
      "firsttime.payees", "firsttime.import", "firsttime.find", "firsttime.reconcile",
      "firsttime.backup", "firsttime.launch"]),
    ("05-moving-to-a-new-computer-and-reporting-bugs", "Moving KMyMoney to a New Computer and Contacting the Developers",
     ["firsttime.newpc", "firsttime.contact"]),
    ("06-institutions", "Institutions",
     ["details.institutions", "details.institutions.account"]),
    ("07-accounts", "Accounts",
     ["details.accounts", "details.accounts.create", "details.accounts.viewing",
      "details.accounts.edit", "details.accounts.delete"]),
    ("08-categories-and-vat", "Categories and VAT Support",
     ["details.categories", "details.categories.edit", "details.categories.vat",
      "details.categories.delete", "details.categories.open_ledger"]),
    ("09-tags-and-payees", "Tags and Payees",
     ["details.tags", "details.tags.info", "details.payees",
      "details.payees.personalinformation", "details.payees.transactionhistory"]),
    ("10-schedules", "Schedules",
     ["details.schedules", "details.schedules.type", "details.schedules.view",
      "details.schedules.new", "details.schedules.edit", "details.schedules.delete",
      "details.schedules.duplicate", "details.schedules.entering"]),
    ("11-ledgers-entering-and-editing-transactions", "Ledgers: Entering, Splitting and Editing Transactions",
     ["details.ledgers", "details.ledger.transactions", "details.ledger.transactionform",
      "details.ledger.direct", "details.ledgers.split", "details.ledger.edit",
      "details.ledger.delete"]),
    ("12-ledgers-matching-and-transaction-state", "Ledgers: Matching Transactions, Transaction State and Other Functions",
     ["details.ledgers.match", "details.ledgers.cleared", "details.ledgers.settings",
      "details.ledgers.other"]),
    ("13-investments-accounts-and-securities", "Investments: Investment Accounts and Securities",
     ["details.investments", "details.investments.investment",
      "details.investments.securities", "details.investments.edit"]),
    ("14-investment-transactions-and-prices", "Investments: Transactions, Foreign Investments and Updating Prices",
     ["details.investments.ledger", "details.investments.foreign",
      "details.investments.prices", "details.investments.unimplemented"]),
    ("15-currencies", "Currencies",
     ["details.currencies", "details.currencies.accountsetup",
      "details.currencies.transactions", "details.currencies.prices"]),
    ("16-reconciliation", "Reconciliation",
     ["details.reconcile", "details.reconcile.wizard"]),
    ("17-reports-and-charts", "Reports and Charts",
     ["details.reports", "details.reports.working", "details.reports.config",
      "details.reports.charts"]),
    ("18-gnucash-and-qif-import-export", "Importing and Exporting: GnuCash Importer, QIF Importer and Exporter",
     ["details.impexp", "details.impexp.qifimp", "details.impexp.qifexp"]),
    ("19-ofx-woob-and-importer-plugins", "OFX Importer, Woob Importer and Importer Plugins",
     ["details.impexp.ofx", "details.impexp.woob", "details.impexp.plugins"]),
    ("20-csv-import-and-export", "CSV Importer and Exporter",
     ["details.impexp.csv", "details.impexp.csvexp"]),
    ("21-loans", "Loans",
     ["details.loans", "details.loans.example", "details.loans.creation",
      "details.loans.extra-payments"]),
    ("22-budgets", "Budgets",
     ["details.budgets", "details.budgets.create", "budget.details.reports"]),
    ("23-forecast", "Forecast",
     ["details.forecast", "details.forecast.view"]),
    ("24-settings-general-and-home", "Configuring KMyMoney: General and Home Page Settings",
     ["details.settings", "details.settings.home"]),
    ("25-settings-ledger-schedules-quotes-and-appearance", "Configuring KMyMoney: Ledger, Schedules, Online Quotes, Colors, Fonts, Icons and Plugins",
     ["details.settings.register", "details.settings.schedules", "details.settings.onlinequote",
      "details.settings.colors", "details.settings.fonts", "details.settings.icons",
      "details.settings.plugins"]),
    ("26-search-transactions", "Search Transactions",
     ["details.search", "details.search.criteria", "details.search.results"]),
    ("27-file-formats-and-encryption", "File Formats: Compressed, Encrypted and Anonymous Files",
     ["details.formats", "details.formats.compressed", "details.formats.encrypted",
      "details.formats.anonymous"]),
    ("28-database", "Using a Database",
     ["details.database"]),
    ("29-questions-and-answers", "Questions and Answers",
     ["faq"]),
    ("30-reference-menus-and-widgets", "Reference: Menus and Widgets",
     ["reference", "reference.widgets"]),
]
SKIPPED = {"index", "credits", "credits.special", "credits.past"}


def qanda(body):
    """FAQ tables -> question as <h3>, answer as plain content."""
    def rowq(m):
        tds = re.findall(r'<td[^>]*>(.*?)</td>', m.group(1), re.S)
        q = re.sub(r'</?p>', '', tds[-1]).strip()
        return '<h3>%s</h3>' % q
    def rowa(m):
        tds = re.findall(r'<td[^>]*>(.*?)</td>', m.group(1), re.S)
        return tds[-1]
    body = re.sub(r'<tr class="question">(.*?)</tr>', rowq, body, flags=re.S)
    body = re.sub(r'<tr class="answer">(.*?)</tr>', rowa, body, flags=re.S)
    body = re.sub(r'<tr class="qandadiv">.*?</tr>', '', body, flags=re.S)
    body = re.sub(r'<table border="0" style="width: 100%;">|<colgroup>.*?</colgroup>|</?tbody>|<tr class="toc">.*?</tr>', '', body, flags=re.S)
    body = re.sub(r'(<div class="qandaset">.*?)</table>', lambda m: m.group(1), body, flags=re.S)
    return body


def html_body(name):
    s = open(os.path.join(H, name + '.html'), encoding='utf-8').read()
    a = s.find('<div id="contentBody">')
    b = s.find('<div id="footer">')
    body = s[a:b] if a >= 0 and b > a else s
    body = re.sub(r'xmlns:doc="[^"]*"', '', body)
    body = remove_div(body, r'<div class="toc"')
    body = remove_div(body, r'<div class="navCenter"')
    body = remove_div(body, r'<div class="authorgroup"')
    body = re.sub(r'<div>Revision <span class="releaseinfo">.*?</div>', '', body, flags=re.S)
    body = remove_div(body, r'<div class="screenshot"', keepcap)
    body = remove_div(body, r'<div\s+class="mediaobject"', keepcap)
    body = re.sub(r'<table border="0" summary="manufactured viewport.*?</table>', '', body, flags=re.S)
    body = re.sub(r'<p class="author">.*?</p>', '', body, flags=re.S)
    body = re.sub(r'<img[^>]*>|<embed[^>]*>(</embed>)?', '', body)
    body = re.sub(r'<a class="indexterm"[^>]*></a>|<a name="[^"]*"></a>', '', body)
    body = re.sub(r'<h3 class="title">(Note|Tip|Warning|Important|Caution)</h3>',
                  lambda m: '<p><strong>%s:</strong></p>' % m.group(1), body, flags=re.I)
    return flatten_lists_and_links(qanda(body))


def to_md(html):
    r = subprocess.run(['pandoc', '-f', 'html', '-t', 'gfm-raw_html', '--wrap=none'],
                       input=html, capture_output=True, text=True, check=True)
    return r.stdout


def clean(md):
    md = re.sub(r'^(#+)[ \u00a0](Chapter|Appendix)[ \u00a0][0-9A-Z]+\.[ \u00a0]*', r'\1 ', md, flags=re.M)
    md = re.sub(r'^(#+) [0-9]+\.[0-9.]* ', r'\1 ', md, flags=re.M)
    md = re.sub(r'^!\[[^\]]*\]\([^)]*\)\s*$', '', md, flags=re.M)
    md = re.sub(r'!\[[^\]]*\]\([^)]*\)', '', md)
    md = re.sub(r'^\*\*(\d+(\.\d+)*\.|Q:)\*\*\s*$', '', md, flags=re.M)
    md = re.sub(r'^\*\*\d+(\.\d+)+\. .*\*\*\s*$', '', md, flags=re.M)  # FAQ question index
    md = re.sub(r'^(```)\s*(screen|programlisting)\s*$', r'\1text', md, flags=re.M)
    md = re.sub(r'(?<!!)\[([^\]]*)\]\((?!https?:|mailto:)[^)]*\)', r'\1', md)
    md = re.sub(r'\*\*\*\*(.+?)\*\*\.[ \u00a0]\*\*', r'**\1.**', md)
    md = re.sub(r'(?m)^[ \t\u00a0]+$', '', md)
    return re.sub(r'\n{3,}', '\n\n', md).strip() + '\n'


def headings(md, fn):
    """Apply fn(level, text) -> new line or None (drop) to every heading outside fences."""
    out, fence = [], False
    for line in md.split('\n'):
        if line.startswith('```'):
            fence = not fence
        m = re.match(r'^(#+) (.*)$', line)
        if re.match(r'^#+\s*$', line) and not fence:
            continue  # empty heading
        if m and not fence:
            line = fn(len(m.group(1)), m.group(2))
            if line is None:
                continue
        out.append(line)
    return '\n'.join(out)


def normalize(md):
    """Close level gaps: each heading is at most one deeper than its parent."""
    stack = []
    def fn(n, text):
        while stack and stack[-1][0] >= n:
            stack.pop()
        new = stack[-1][1] + 1 if stack else n
        stack.append((n, new))
        return '#' * new + ' ' + text
    return headings(md, fn)


os.makedirs(OUT, exist_ok=True)
used = set()
for pos, (fn, title, srcs) in enumerate(PLAN, 1):
    parts = []
    for k, s in enumerate(srcs):
        used.add(s)
        md = clean(to_md(html_body(s)))
        first = [True]
        def lv(n, text, k=k, first=first):
            # chapter titles (h1) of a page's first chunk give way to the page H1;
            # everything else keeps its level, never above 2
            if first[0]:
                first[0] = False
                if k == 0 and n == 1:
                    return None
            return '#' * max(2, min(6, n)) + ' ' + text
        parts.append(headings(md, lv).strip())
    body = normalize('# ' + title + '\n\n' + '\n\n'.join(parts))
    body = re.sub(r'\n{3,}', '\n\n', body).strip() + '\n'
    fm = '---\ntitle: "%s"\nsidebar_position: %d\n---\n\n' % (title.replace('"', '\\"'), pos)
    with open(os.path.join(OUT, fn + '.md'), 'w', encoding='utf-8') as f:
        f.write(fm + body)
allf = set(f[:-5] for f in os.listdir(H) if f.endswith('.html'))
missing = sorted(allf - used - SKIPPED)
if missing:
    print('unused chunks:', missing, file=sys.stderr)
