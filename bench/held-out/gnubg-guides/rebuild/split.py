import re, os, sys
# usage: split.py IN_DIR OUT_DOCS_DIR  (IN_DIR holds manual.md and allabout.md)
IN_DIR, OUT_DIR = sys.argv[1], sys.argv[2]
def load(fn):
    lines = open(fn, encoding='utf-8').read().split('\n')
    out = []
    for l in lines:
        if l.strip() == '<!-- -->': continue
        if re.match(r'^\*\*Figure\s+\d+\..*\*\*$', l.strip()): continue
        l = l.replace('\xa0', ' ')
        if re.match(r'^``` (programlisting|screen)$', l): l = '```'
        if l.strip() == '': l = ''
        out.append(l)
    # parse into chapters: {title: {'own': [...], 'secs': [(title, lines)]}}
    chaps = {}; order = []
    cur = None; sec = None
    for l in out:
        m1 = re.match(r'^# (.*)', l); m2 = re.match(r'^## (.*)', l)
        if m1:
            cur = m1.group(1).strip(); chaps[cur] = {'own': [], 'secs': []}; order.append(cur); sec = None
            continue
        if cur is None: continue
        if m2:
            sec = [m2.group(1).strip(), [l]]; chaps[cur]['secs'].append(sec); continue
        if sec: sec[1].append(l)
        else: chaps[cur]['own'].append(l)
    return chaps
M = load(os.path.join(IN_DIR, 'manual.md')); A = load(os.path.join(IN_DIR, 'allabout.md'))
def whole(d, ch, demote=False):
    c = d[ch]
    lines = ['# ' + ch] + c['own']
    for t, ls in c['secs']: lines += ls
    if demote: lines = [('#' + l) if l.startswith('#') else l for l in lines]
    return lines
def secs(d, ch, names, own=False):
    c = d[ch]; lines = []
    if own: lines += c['own']
    found = []
    for t, ls in c['secs']:
        if t in names: lines += ls; found.append(t)
    assert len(found) == len(names), (ch, names, found)
    return lines
pages = [
 ('01-introduction.md', 'Introduction to GNU Backgammon', [('w', M, 'Introduction')]),
 ('02-rules-of-backgammon.md', 'Rules of the Game', [('w', M, 'Rules of the game')]),
 ('03-starting-gnu-backgammon.md', 'Starting GNU Backgammon', [('w', M, 'Starting GNU Backgammon')]),
 ('04-playing-a-game.md', 'Playing a Game', [('w', M, 'Playing a game')]),
 ('05-hints-and-tutor-mode.md', 'Getting Hints and Tutor Mode', [('w', M, 'Getting hints and Tutor Mode')]),
 ('06-setting-up-a-position.md', 'Setting up a Position', [('w', M, 'Setting up a position')]),
 ('07-opening-saving-and-exporting-matches.md', 'Opening, Saving and Exporting Matches', [('s', M, 'Working with matches', ['Retrieving and storing backgammon files'], True)]),
 ('08-entering-and-analysing-matches.md', 'Entering Live Tournament Matches and Analysing Matches', [('s', M, 'Working with matches', ['Entering live tournament matches', 'Analysing matches'], False)]),
 ('09-reviewing-matches.md', 'Reviewing Matches: Game Record, Analysis Panel and Statistics', [('s', M, 'Working with matches', ['Reviewing matches'], False)]),
 ('10-rollouts.md', 'Rollouts', [('w', M, 'Rollouts')]),
 ('11-evaluation-settings-and-appearance.md', 'Customizing GNU Backgammon: Evaluation Settings and Appearance', [('w', M, 'Customizing GNU Backgammon')]),
 ('12-bearoff-databases.md', 'Obtaining Bearoff Databases', [('s', M, 'Technical Notes', ['Obtaining bearoff databases'], True)]),
 ('13-match-equity-tables-and-python.md', 'Match Equity Tables and Python Scripting', [('s', M, 'Technical Notes', ['Match Equity Tables', 'Python scripting'], False)]),
 ('14-equities-explained.md', 'Equities Explained', [('s', M, 'Technical Notes', ['Equities explained'], False)]),
 ('15-position-id-match-id-and-css.md', 'Position ID, Match ID and the HTML Style Sheet', [('s', M, 'Technical Notes', ['A technical description of the Position ID', 'A technical description of the Match ID', 'Description of the CSS style sheet'], False)]),
 ('16-faq-general-and-installation.md', 'FAQ: General Questions and Installation', [('s', M, 'Frequently Asked Questions', ['General questions', 'How to install'], True)]),
 ('17-faq-running-and-playing.md', 'FAQ: Running GNU Backgammon and Playing', [('s', M, 'Frequently Asked Questions', ['Running GNU Backgammon', 'Playing backgammon'], False)]),
 ('18-faq-settings-analysis-and-abbreviations.md', 'FAQ: Settings, Analysing and Abbreviations', [('s', M, 'Frequently Asked Questions', ['Settings', 'Analysing', 'Abbreviations'], False)]),
 ('19-guide-introduction-and-features.md', 'All About GNU Backgammon: Introduction and Features', [('w2', A, 'Acknowledgments'), ('w2', A, 'Introduction'), ('w2', A, 'Features'), ('w2', A, 'Where to get it')]),
 ('20-guide-playing-against-gnu.md', 'All About GNU Backgammon: Playing a Game', [('w', A, 'Playing a game')]),
 ('21-guide-advanced-playing-information.md', 'All About GNU Backgammon: Advanced Playing Information', [('w', A, 'Advanced Playing Information')]),
 ('22-guide-importing-and-exporting.md', 'All About GNU Backgammon: Importing and Exporting Games', [('w', A, 'Importing and Exporting games')]),
 ('23-guide-analysis-grades-and-records.md', 'All About GNU Backgammon: Analysing Matches, Grades and Player Records', [('w2', A, 'Analysing matches'), ('w2', A, 'Analysis Results and Grade'), ('w2', A, 'Player Records')]),
 ('24-guide-reviewing-moves-and-mistakes.md', 'All About GNU Backgammon: Reviewing Moves and Mistakes', [('w', A, 'Reviewing moves and mistakes')]),
 ('25-guide-rollout-settings.md', 'All About GNU Backgammon: Rollout Settings', [('s', A, 'Rollouts', ['Playing strength', 'Trials', 'Truncated rollouts', 'Evaluation for later plies', 'Stop at specific Standard Deviation', 'Stop at specific Joint Standard Deviation', 'Cubeful', 'Bearoff Truncation', 'Quasi-Random dice', 'Rollout as initial position', 'Seed', 'Same cube and checker settings', 'Same settings for both players', 'Final truncated evaluation'], True)]),
 ('26-guide-suggested-rollout-settings.md', 'All About GNU Backgammon: Suggested Rollout Settings, Stopping and Copying Results', [('s', A, 'Rollouts', ['My suggested settings', 'Stopping and continuing rollouts', 'Copy and Paste results'], False)]),
 ('27-guide-setting-up-a-position.md', 'All About GNU Backgammon: Setting up a Position', [('w', A, 'Setting up a position')]),
 ('28-guide-appearance-conclusion-and-cheating.md', 'All About GNU Backgammon: Appearance, Conclusion and a Word about Cheating', [('w2', A, 'Appearance'), ('w2', A, 'Conclusion'), ('w2', A, 'A Word about *Cheating*')]),
]
os.makedirs(OUT_DIR, exist_ok=True)
used = set()
for fn, title, parts in pages:
    body = []
    if len(parts) == 1 and parts[0][0] == 'w':
        _, d, ch = parts[0]; used.add((id(d), ch))
        body = whole(d, ch)
        body[0] = '# ' + title
    else:
        body = ['# ' + title, '']
        for p in parts:
            if p[0] == 'w2':
                body += whole(p[1], p[2], demote=True); used.add((id(p[1]), p[2]))
            else:
                body += secs(p[1], p[2], p[3], p[4]); used.add((id(p[1]), p[2]))
    text = '\n'.join(body)
    text = re.sub(r'\*\*Abstract\*\*\n\n[^\n]*\n', '', text)
    text = re.sub(r'\n{3,}', '\n\n', text).strip() + '\n'
    t = title.replace('"', '\\"')
    open(os.path.join(OUT_DIR, fn), 'w', encoding='utf-8').write(f'---\ntitle: "{t}"\n---\n\n' + text)
for d, name in ((M, 'M'), (A, 'A')):
    for ch in d:
        if (id(d), ch) not in used: print('unused', name, ch, file=sys.stderr)
