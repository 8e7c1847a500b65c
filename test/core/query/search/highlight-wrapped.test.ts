/**
 * Highlights in books that hard-wrap their lines: a wrapped list item or paragraph is read whole,
 * never across a blank line, into a table row (with or without outer pipes) or inside code. Cases
 * from new users' books (music theory, bookkeeping, baking, history, moral philosophy).
 */
import { describe, expect, it } from 'vitest';
import { HIGHLIGHT_CHARS, highlightPassage } from '../../../../src/core/query/search/highlight';
import { questionWeights } from '../../../../src/core/query/search/question-weights';

const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();

describe('highlightPassage on wrapped lines', () => {
  it('reads a wrapped list item to its end: its later lines, indented or not, continue it', () => {
    const steps = '3. Listen to the bass: it tells you the root.\n4. Try the likely chords until one fits the\n   melody.\n5. Write them down.';
    const h = highlightPassage(steps, questionWeights('likely chords'))!;
    expect(h.text).toBe('4. Try the likely chords until one fits the melody.');
    expect(collapse(steps.slice(h.start, h.end))).toBe(h.text);
    const lazy = 'Check:\n- the chain is clean and\nlightly oiled\n- the tyres hold air';
    expect(highlightPassage(lazy, questionWeights('clean chain'))!.text).toBe('- the chain is clean and lightly oiled');
    // A blank line, a new item, a table row or code ends the item; a new sentence in it stays its own.
    const parted = '- the chain is clean and\n\nlightly oiled\n- the tyres hold air';
    expect(highlightPassage(parted, questionWeights('oiled'))!.text).toBe('lightly oiled');
    const sentences = '- Oil the chain. Wipe it\n  afterwards.\n- Pump the tyres.';
    expect(highlightPassage(sentences, questionWeights('wipe'))!.text).toBe('Wipe it afterwards.');
    expect(highlightPassage(sentences, questionWeights('oil'))!.text).toBe('- Oil the chain.');
    const yaml = '```yaml\n- name: driver\n  plugin: camera\n```';
    expect(highlightPassage(yaml, questionWeights('camera plugin'))!.text).toBe('plugin: camera');
  });

  it('reads a wrapped paragraph before a table or a list whole, not its last line alone', () => {
    const table = 'Build a triad on every note and you get the chords of the key. Their qualities come in the same\norder in every key:\n\n| Degree | I |\n|---|---|\n| Quality | major |';
    expect(highlightPassage(table, questionWeights('in what order'))!.text).toBe('Their qualities come in the same order in every key:');
    // A run-on read by lines for its length alone keeps its lines apart (one value a line).
    const values = Array.from({ length: 40 }, (_, i) => `value${i} setting`).join('\n');
    expect(highlightPassage(values, questionWeights('value7'))!.text).toBe('value7 setting');
  });

  it('reads a hard-wrapped list item, and the wrapped prose around a list or code, whole instead of cut at a line end', () => {
    const item = '- Purchases from unregistered suppliers carry no tax.\n- Imported services fall under the **reverse charge**: you\n  account for both the output and the input tax yourself.';
    const h = highlightPassage(item, questionWeights('what is the reverse charge'))!;
    expect(h.text).toBe('- Imported services fall under the **reverse charge**: you account for both the output and the input tax yourself.');
    expect(collapse(item.slice(h.start, h.end))).toBe(h.text);
    const numbered = 'Steps:\n\n1. Take the bank statement and the closing balance of the\n   ledger at that date.\n2. Tick off every transaction.';
    expect(highlightPassage(numbered, questionWeights('closing balance ledger'))!.text).toBe('1. Take the bank statement and the closing balance of the ledger at that date.');
    const leadIn = 'That is why a profitable year makes the\nbalance sheet grow, and why the two statements\nare views of the same books:\n\n- The **balance sheet** is a snapshot.';
    // A lead-in ending in a colon brings what it introduces (withWhatItIntroduces).
    expect(highlightPassage(leadIn, questionWeights('why does the balance sheet grow'))!.text).toBe('That is why a profitable year makes the balance sheet grow, and why the two statements are views of the same books: The **balance sheet** is a snapshot.');
    const afterCode = 'Estimate it:\n\n```\nDebit Utilities 180\n```\n\nWhen the real bill arrives, post it against the accrual (or reverse it\nand enter the bill normally).';
    expect(highlightPassage(afterCode, questionWeights('reverse the accrual'))!.text).toBe('When the real bill arrives, post it against the accrual (or reverse it and enter the bill normally).');
  });

  it('joins no line across a blank line, into a table row or heading, or inside code', () => {
    const loose = '- Keep receipts for six years\n\n  scanned copies are accepted.';
    expect(highlightPassage(loose, questionWeights('receipts'))!.text).toBe('- Keep receipts for six years');
    const table = ['| Rate | Use |', '|---|---|', '| 20% | standard |', 'reduced rates apply to fuel.'].join('\n');
    expect(highlightPassage(table, new Map([['standard', 2], ['fuel', 1]]))!.text).toBe('| 20% | standard |');
    const pipeless = ['- In the pager:', '', 'Key | Action', '--- | ---', 'space | scroll forward one page', 'b | scroll back one page'].join('\n');
    expect(highlightPassage(pipeless, questionWeights('scroll back'))!.text).toBe('b | scroll back one page');
    // Its header row is never the highlight, and its last row does not pair with the prose under it,
    // as for a piped table.
    const compared = ['Both divide a cell.', '', 'Feature | Mitosis | Meiosis', '--- | --- | ---', 'Daughter cells | 2 | 4', '', 'Meiosis makes gametes.'].join('\n');
    expect(highlightPassage(compared, questionWeights('mitosis or meiosis'))!.text).toBe('Meiosis makes gametes.');
    const quit = ['Key | Action', '--- | ---', 'b | scroll back one page', 'Press q to quit the pager.'].join('\n');
    expect(highlightPassage(quit, questionWeights('scroll back or quit'))!.text).toBe('b | scroll back one page');
    // An admonition's title as ingest writes it, with the full stop it lacked (clean-chunk-text.ts).
    const admonition = ['Tip: Mesh paths.', 'Use package URIs for meshes so that both', 'viewers resolve them:', '- in RViz', '- in Gazebo'].join('\n');
    expect(highlightPassage(admonition, questionWeights('package URIs for meshes'))!.text).toBe('Use package URIs for meshes so that both viewers resolve them: in RViz; in Gazebo');
    // A callout's title alone names the box: it brings the box's first sentence, as a lead-in does.
    const callout = ['| Verbal | Spoken by the prescriber |', '', 'Warning: Verbal orders.', 'Write the verbal order down and read it back to the', 'prescriber. Many wards forbid them.'].join('\n');
    expect(highlightPassage(callout, questionWeights('how to take a verbal order'))!.text).toBe('Warning: Verbal orders. Write the verbal order down and read it back to the prescriber.');
    // A callout's title is not paired with the sentence before the box: "…leave moles. Tip: Which way
    // do I convert?" held "grams", "moles" and "convert" and beat the box's answer.
    const boxed = ['Grams over grams per mole leave moles.', '', 'Tip: Which way do I convert?', 'Divide the grams by the molar mass to get moles.'].join('\n');
    expect(highlightPassage(boxed, questionWeights('how do I convert grams to moles'))!.text).toBe('Tip: Which way do I convert? Divide the grams by the molar mass to get moles.');
    // A prose line that opens with a kind's word is no title when the sentence goes on past its line.
    const prose = 'Note: verbal orders are rare. Read them back.';
    expect(highlightPassage(prose, questionWeights('verbal orders'))!.text).toBe('Note: verbal orders are rare.');
    // Nor is a whole line of prose that opens with one: a sentence opening with a plain lowercase
    // word, or longer than a title, is a note, and the paragraph under it is not what it introduces.
    for (const note of ['Note: the key must be unique.', 'Note: The checkboxes cannot be given a keyboard shortcut, so use the Toggles submenu to show the windows.']) {
      expect(highlightPassage(`${note}\nPress Enter to confirm it.`, questionWeights('checkboxes shortcut unique'))!.text).toBe(note);
    }
    // A title opening with code, or with ten words, is still one.
    const code = 'Warning: use_sim_time must be consistent.\nSet it on every node of the launch file.';
    expect(highlightPassage(code, questionWeights('use_sim_time consistent'))!.text).toBe('Warning: use_sim_time must be consistent. Set it on every node of the launch file.');
    const long = "Warning: Do not build in a sourced workspace's own terminal blindly.\nOpen a fresh shell first.";
    expect(highlightPassage(long, questionWeights('sourced workspace terminal'))!.text).toBe("Warning: Do not build in a sourced workspace's own terminal blindly. Open a fresh shell first.");
    const ruled = '- keep the dough warm\n- fold twice\n---\nNext section text.';
    expect(highlightPassage(ruled, questionWeights('fold twice'))!.text).toBe('- fold twice');
    const fenced = 'Run:\n\n```\n- debit bank\n  credit sales\n```';
    expect(highlightPassage(fenced, questionWeights('debit bank'))!.text).toBe('- debit bank');
  });

  it('never pairs a paragraph\'s last sentence with the title of the callout box under it', () => {
    // The box's title said nothing of what the box says, and ended the highlight.
    const content = ['Any change in how the pedal feels is a reason to have the brakes inspected soon.', '', 'Warning: Pedal goes to the floor.', 'If the pedal suddenly sinks further than normal, pump it several times.'].join('\n');
    expect(highlightPassage(content, questionWeights('the brake pedal feels soft and goes down'))!.text).toBe('Any change in how the pedal feels is a reason to have the brakes inspected soon.');
    // The title still brings its own box's first sentence.
    expect(highlightPassage(content, questionWeights('pedal goes to the floor'))!.text).toBe('Warning: Pedal goes to the floor. If the pedal suddenly sinks further than normal, pump it several times.');
  });

  it('reads no sentence across a blank line: a lead-in brings its display formula, never the next paragraph', () => {
    // A statistics book's pages: a lead-in ending in a colon over a `$$` formula, then prose.
    const zScore = '## z-scores\n\nA **z-score** says how many standard deviations a value lies from the mean:\n\n$$\nz = \\frac{x - \\mu}{\\sigma}\n$$\n\nStandardising turns any normal distribution into the **standard normal**, so one\ntable covers them all.';
    const h = highlightPassage(zScore, questionWeights('how many standard deviations from the mean'))!;
    expect(h.text).toBe('A **z-score** says how many standard deviations a value lies from the mean: z = (x − μ)/σ');
    expect(zScore.slice(h.start, h.end)).toMatch(/^A \*\*z-score\*\*[^]*\\sigma\}\n\$\$$/);
    const rSquared = '$$\nR^2 = 1 - \\frac{SS_{res}}{SS_{tot}}\n$$\n\n$R^2$ is the fraction of the variation in $y$ explained by the line.';
    expect(highlightPassage(rSquared, questionWeights('fraction of variation explained'))!.text).toBe('R² is the fraction of the variation in y explained by the line.');
    // Prose without a full stop before the next paragraph (a caption, a label) ends at the blank line too.
    const caption = 'Figure 2: residuals against fitted values\n\nA fan shape means the variance is not constant.';
    expect(highlightPassage(caption, questionWeights('what does a fan shape mean'))!.text).toBe('A fan shape means the variance is not constant.');
  });

  it('finishes a sentence left unfinished over the displayed formula that ends it, and only then', () => {
    // An economics book: the rule's sentence ends on "where", its formula set as a quotation.
    const rule = 'Every firm maximises profit by producing the quantity where\n\n> **marginal revenue = marginal cost (MR = MC)**\n\nIf the next unit adds more to revenue, make it.';
    expect(highlightPassage(rule, questionWeights('how does a firm pick the quantity'))!.text).toBe('Every firm maximises profit by producing the quantity where **marginal revenue = marginal cost (MR = MC)**');
    expect(highlightPassage('The curve touches the budget line, and\n\n> MRS = Px / Py', questionWeights('curve touches budget line'))!.text).toBe('The curve touches the budget line, and MRS = Px / Py');
    // A `$$` display whose full stop ended its span is read to its closing `$$` (an astronomy manual).
    const sky = 'The Sky value of this pixel can be defined as\n\n$$\nS_i\\equiv{}B_i+U_i.\n$$\n\nTherefore the Sky tends to the background.';
    const h = highlightPassage(sky, questionWeights('sky value of a pixel'))!;
    expect(h.text).toBe('The Sky value of this pixel can be defined as Sᵢ≡Bᵢ+Uᵢ.');
    expect(sky.slice(h.end - 2, h.end)).toBe('$$');
    // A display closed on its own line and the sentence going on after it: read to the sentence's end,
    // not cut at the closing `$$` ("…defined as S = B + U" without "where B is the background").
    const inline = 'The Sky value can be defined as\n\n$$ S = B + U $$ where B is the background. Then more follows.';
    expect(highlightPassage(inline, questionWeights('sky value defined'))!.text).toBe('The Sky value can be defined as S = B + U where B is the background.');
    // A `$$` left unclosed (a slip) is read alone: never to a later display's `$$` across the prose between.
    const stray = 'The Sky value can be defined as\n\n$$ S = B + U\n\nThe background is the mean of the pixels.\n\n$$ B = 1 $$';
    expect(highlightPassage(stray, questionWeights('sky value defined'))!.text).toBe('The Sky value can be defined as $$ S = B + U');
    // Not after a finished sentence, a list item or over a paragraph: a caption ends at its blank line.
    expect(highlightPassage('The firm picks the quantity.\n\n> MR = MC', questionWeights('firm picks quantity'))!.text).toBe('The firm picks the quantity.');
    expect(highlightPassage('- the firm picks the quantity where\n\n> MR = MC', questionWeights('firm picks quantity'))!.text).toBe('- the firm picks the quantity where');
    expect(highlightPassage('residuals against fitted values\n\nA fan shape means the variance is not constant.', questionWeights('residuals against fitted values'))!.text).toBe('residuals against fitted values');
  });

  it('starts a sentence that goes on after a displayed formula where it began, before the formula', () => {
    // A civics book: "So the total is" over the sum, the sentence going on under it.
    const total = 'Each state gets as many electors as it has members of Congress. So the total is\n\n$$\n435 + 100 + 3 = 538\n$$\n\nand a candidate needs a majority, **270 electoral votes**, to win. After the census, seats move.';
    const h = highlightPassage(total, questionWeights('how many electoral votes do you need to win'))!;
    expect(h.text).toBe('So the total is 435 + 100 + 3 = 538 and a candidate needs a majority, **270 electoral votes**, to win.');
    expect(total.slice(h.start, h.start + 15)).toBe('So the total is');
    // Not after a finished sentence, nor a display that is not a whole `$$` block, nor a capital.
    const finished = 'The total is fixed.\n\n$$\n435 + 100 + 3 = 538\n$$\n\nand a candidate needs 270 electoral votes.';
    expect(highlightPassage(finished, questionWeights('candidate needs electoral votes'))!.text).toBe('and a candidate needs 270 electoral votes.');
    const quoted = 'So the total is\n\n> 435 + 100 + 3 = 538\n\nand a candidate needs 270 electoral votes.';
    expect(highlightPassage(quoted, questionWeights('candidate needs electoral votes'))!.text).toBe('and a candidate needs 270 electoral votes.');
    const capital = 'So the total is\n\n$$\n538\n$$\n\nA candidate needs 270 electoral votes.';
    expect(highlightPassage(capital, questionWeights('candidate needs electoral votes'))!.text).toBe('A candidate needs 270 electoral votes.');
  });
});

describe('highlightPassage on hard-wrapped sentences, list items and quotations', () => {
  it('reads a hard-wrapped sentence whole: a line opening with emphasis is prose, and a long sentence is cut around its match', () => {
    const emphasis = 'Within ten minutes the field was emptied. A journalist in the\n*Manchester Observer* coined the name "Peterloo", mocking the soldiers by comparing this attack on\nunarmed civilians with the battle of Waterloo.';
    const h = highlightPassage(emphasis, questionWeights('who named Peterloo'))!;
    expect(h.text).toBe('A journalist in the *Manchester Observer* coined the name "Peterloo", mocking the soldiers by comparing this attack on unarmed civilians with the battle of Waterloo.');
    expect(collapse(emphasis.slice(h.start, h.end))).toBe(h.text);
    const long = [
      'The government enrolled special constables. In the event the crowd was smaller than feared,',
      "O'Connor agreed to send the petition to Parliament in three cabs, and the clerks of the Commons",
      'claimed to find fewer than two million genuine signatures, including "Victoria Rex" and "Mr Punch",',
      'and the petition was laughed out of the House by members who had feared a revolution that spring.',
    ].join('\n');
    const cut = highlightPassage(long, questionWeights('how many genuine signatures did the clerks find'))!;
    expect(cut.text.length).toBeLessThanOrEqual(HIGHLIGHT_CHARS);
    expect(cut.text).toContain('the clerks of the Commons claimed to find fewer than two million genuine signatures');
    expect(collapse(long.slice(cut.start, cut.end))).toMatch(/^In the event .* spring\.$/);
  });

  it('reads a hard-wrapped list item whole, not its lines one by one', () => {
    const list = 'To reduce the risk:\n\n1. Make the safe bread first.\n2. Keep a separate toaster for gluten-free bread; crumbs in a shared toaster are enough to\n   harm someone with coeliac disease.\n3. Wash your hands.';
    const h = highlightPassage(list, questionWeights('toaster coeliac disease'))!;
    expect(h.text).toBe('2. Keep a separate toaster for gluten-free bread; crumbs in a shared toaster are enough to harm someone with coeliac disease.');
    expect(collapse(list.slice(h.start, h.end))).toBe(h.text);
    const scoring = '- Hold the blade at a shallow angle, about 30°, to the surface for an ear; hold it\n  vertically for a symmetrical burst.\n- Cut quickly.';
    expect(highlightPassage(scoring, questionWeights('scoring angle ear'))!.text).toBe('- Hold the blade at a shallow angle, about 30°, to the surface for an ear; hold it vertically for a symmetrical burst.');
  });

  it('leaves out the quote marks of a wrapped quotation\'s later lines', () => {
    const quote = '> "The Yeomanry cut their way through the people, and their sabres were plied to hew a way\n> through naked held-up hands and defenceless heads."';
    expect(highlightPassage(quote, questionWeights('sabres held-up hands'))!.text).toBe('> "The Yeomanry cut their way through the people, and their sabres were plied to hew a way through naked held-up hands and defenceless heads."');
  });

  it('reads a wrapped quotation\'s sentence whole, not the line that holds the question\'s words', () => {
    // A philosophy book's formula, set as a quotation over two lines: its second line alone had been
    // the highlight, half a sentence ("principles for the general regulation … reasonably reject.").
    const quote = 'Scanlon\'s formula is:\n\n> An act is wrong if it would be disallowed by any set of\n> principles that no one could reasonably reject.\n\nEach person considers it.';
    expect(highlightPassage(quote, questionWeights('reasonable rejection test'))!.text).toBe('> An act is wrong if it would be disallowed by any set of principles that no one could reasonably reject.');
  });

  it('reads a numbered premise of an argument set as a quotation with its label', () => {
    const argument = 'The argument from disagreement:\n\n> P1. Different cultures have different moral codes.\n> P2. If cultures disagree about something, there is no objective truth about it.\n> C. There is no objective truth in morality.';
    expect(highlightPassage(argument, questionWeights('cultures disagree about something'))!.text).toBe('> P2. If cultures disagree about something, there is no objective truth about it.');
  });

  it('reads a hard-wrapped sentence on past a Spanish question it quotes (the "?" closes the "¿", not the sentence)', () => {
    const content = 'Numbers take cuál.\nAsk *¿Cuál es tu número de teléfono?*\n(never *qué es tu número*), since the answer is one of many.';
    expect(highlightPassage(content, questionWeights('never qué'))!.text).toBe('Ask *¿Cuál es tu número de teléfono?* (never *qué es tu número*), since the answer is one of many.');
  });
});
