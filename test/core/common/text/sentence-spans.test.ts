import { describe, expect, it } from 'vitest';
import { lineSpans, sentenceSpans } from '../../../../src/core/common/text/sentence-spans';

const texts = (text: string, spans: [number, number][]): string[] => spans.map(([s, e]) => text.slice(s, e));

describe('sentenceSpans', () => {
  it('cuts after sentence ends, dropping the whitespace between', () => {
    const text = 'One two. Three?  Four! "Quoted." Last';
    expect(texts(text, sentenceSpans(text, 0, text.length))).toEqual(['One two.', 'Three?', 'Four!', '"Quoted."', 'Last']);
  });

  it('works on a sub-range with absolute offsets', () => {
    const text = '## H\n\nAb cd. Ef gh.\n';
    const start = text.indexOf('Ab');
    const spans = sentenceSpans(text, start, start + 14);
    expect(spans).toEqual([[start, start + 6], [start + 7, start + 13]]);
  });

  it('does not cut after abbreviations, initials or inside inline code', () => {
    const text = 'Use e.g. rclpy here. Ask J. Smith. Run `a. b` now. End.';
    expect(texts(text, sentenceSpans(text, 0, text.length))).toEqual([
      'Use e.g. rclpy here.',
      'Ask J. Smith.',
      'Run `a. b` now.',
      'End.',
    ]);
  });

  it('reads a number opening a line as a list item\'s only when asked (the highlight asks, the chunker does not)', () => {
    const text = 'Steps:\n1. install the driver\n2. launch the node. Then 3. is a number.\n  10. ten';
    expect(texts(text, sentenceSpans(text, 0, text.length))).toEqual(['Steps:\n1.', 'install the driver\n2.', 'launch the node.', 'Then 3.', 'is a number.', '10.', 'ten']);
    expect(texts(text, sentenceSpans(text, 0, text.length, { listNumbers: true }))).toEqual(['Steps:\n1. install the driver\n2. launch the node.', 'Then 3.', 'is a number.', '10. ten']);
    expect(texts('2. first', sentenceSpans('2. first', 0, 8, { listNumbers: true }))).toEqual(['2. first']);
  });

  it('reads a terminator inside a table row as a cell\'s, not a sentence end, only when asked', () => {
    const text = 'Words. Ask this.\n| Why? | Because. |\n| How many? | Count them. |\nAfter the table. Done.';
    expect(texts(text, sentenceSpans(text, 0, text.length, { rows: true }))).toEqual(['Words.', 'Ask this.', '| Why? | Because. |\n| How many? | Count them. |\nAfter the table.', 'Done.']);
    expect(texts(text, sentenceSpans(text, 0, text.length))).toContain('| Why?');
    // After a row's last pipe, and on a line that opens with no pipe, a terminator still ends a sentence.
    const after = '| a | b | Left over. Then\nA line | with a pipe? Yes.';
    expect(texts(after, sentenceSpans(after, 0, after.length, { rows: true }))).toEqual(['| a | b | Left over.', 'Then\nA line | with a pipe?', 'Yes.']);
  });

  it('reads a numbered heading\'s number as no sentence end when asked, at the text\'s start or a line\'s', () => {
    const text = '## 3. Tone: highlights\n\nKeep detail. Then\n### 2.1. Setup\nRun it.';
    expect(texts(text, sentenceSpans(text, 0, text.length, { listNumbers: true }))).toEqual(['## 3. Tone: highlights\n\nKeep detail.', 'Then\n### 2.1. Setup\nRun it.']);
    expect(texts(text, sentenceSpans(text, 0, text.length))).toEqual(['## 3.', 'Tone: highlights\n\nKeep detail.', 'Then\n### 2.1.', 'Setup\nRun it.']);
    // A decimal is a list's number only after a heading's `#`s: a hard-wrapped line may open with
    // the number that ends a sentence ("6.5."), which no ordered list writes as its marker.
    const wrapped = 'Keep the water at pH\n6.5. Above that, leaves yellow.';
    expect(texts(wrapped, sentenceSpans(wrapped, 0, wrapped.length, { listNumbers: true }))).toEqual(['Keep the water at pH\n6.5.', 'Above that, leaves yellow.']);
    expect(texts('6.5. Above', sentenceSpans('6.5. Above', 0, 10, { listNumbers: true }))).toEqual(['6.5.', 'Above']);
  });

  it('reads a quoted list number and a premise\'s label ("> P1.") as no sentence end when asked', () => {
    const argument = 'The argument:\n\n> P1. Pain is bad.\n> P2. Farming causes pain.\n> 3. So farming is bad.';
    expect(texts(argument, sentenceSpans(argument, 0, argument.length, { listNumbers: true }))).toEqual(['The argument:\n\n> P1. Pain is bad.', '> P2. Farming causes pain.', '> 3. So farming is bad.']);
    expect(texts(argument, sentenceSpans(argument, 0, argument.length))[1]).toBe('Pain is bad.');
    expect(texts('P1. Pain', sentenceSpans('P1. Pain', 0, 8, { listNumbers: true }))).toEqual(['P1. Pain']);
  });

  it('reads an ellipsis before a lowercase word as an elision only when asked (the highlight asks, the chunker does not)', () => {
    const text = 'I shall leave a name execrated by every monopolist … but remembered by labourers. Then … Peel resigned.';
    expect(texts(text, sentenceSpans(text, 0, text.length, { elisions: true }))).toEqual([
      'I shall leave a name execrated by every monopolist … but remembered by labourers.',
      'Then …',
      'Peel resigned.',
    ]);
    expect(texts(text, sentenceSpans(text, 0, text.length))).toHaveLength(4);
  });

  it('reads a quoted question followed by a dash or a lowercase word as inside its sentence only when asked (the highlight asks)', () => {
    const text = 'Ask for the name rather than asking "Are you Mrs. Lopez?" — a confused patient may say yes. Is it "yes?" or "no?" Then stop. Why? Because.';
    expect(texts(text, sentenceSpans(text, 0, text.length, { runOns: true }))).toEqual([
      'Ask for the name rather than asking "Are you Mrs. Lopez?" — a confused patient may say yes.',
      'Is it "yes?" or "no?"',
      'Then stop.',
      'Why?',
      'Because.',
    ]);
    expect(texts(text, sentenceSpans(text, 0, text.length))[0]).toBe('Ask for the name rather than asking "Are you Mrs. Lopez?"');
    // A question that ends its line ends its sentence, whatever the next line opens with.
    const wrapped = 'Is it safe?\nmost of the time.';
    expect(texts(wrapped, sentenceSpans(wrapped, 0, wrapped.length, { runOns: true }))).toEqual(['Is it safe?', 'most of the time.']);
  });

  it('reads the "?" or "!" closing an inverted "¿" or "¡" opened mid-sentence as inside its sentence when lowercase or a comma follows, on its line or the next', () => {
    const runOns = (text: string) => texts(text, sentenceSpans(text, 0, text.length, { runOns: true }));
    // A hard-wrapped Spanish question, and one followed by a bracket: the sentence goes on.
    expect(runOns('Ask *¿Cuál es tu número de teléfono?*\n(never *qué es tu número*), always cuál. Next.')).toEqual([
      'Ask *¿Cuál es tu número de teléfono?*\n(never *qué es tu número*), always cuál.',
      'Next.',
    ]);
    expect(runOns('Se usa ¿verdad?\nal final. Shout ¡qué bien! (and smile). Next.')).toEqual(['Se usa ¿verdad?\nal final.', 'Shout ¡qué bien! (and smile).', 'Next.']);
    // A capital after it, a question the inverted mark opens the sentence with, or a blank line: the sentence ends.
    expect(runOns('Ask ¿Cómo estás? Then go.')).toEqual(['Ask ¿Cómo estás?', 'Then go.']);
    expect(runOns('¿Cómo estás?\nbien. Next.')).toEqual(['¿Cómo estás?', 'bien.', 'Next.']);
    expect(runOns('Ask ¿qué?\n\nnever mind.')).toEqual(['Ask ¿qué?', 'never mind.']);
    // Without runOns (the chunker), as before.
    expect(texts('Ask ¿qué?\n(never)', sentenceSpans('Ask ¿qué?\n(never)', 0, 18))).toEqual(['Ask ¿qué?', '(never)']);
  });

  it('reads dotted letters ("U.S.", "H.R.") before a lowercase word or a number as inside the sentence, only when asked', () => {
    const runOns = (text: string) => texts(text, sentenceSpans(text, 0, text.length, { runOns: true }));
    expect(runOns('The bill gets a number: H.R. 1234 in the House. Next.')).toEqual(['The bill gets a number: H.R. 1234 in the House.', 'Next.']);
    expect(runOns('It gives Washington, D.C. three electors. Next.')).toEqual(['It gives Washington, D.C. three electors.', 'Next.']);
    // Hard-wrapped: a lowercase word on the next line goes on too.
    expect(runOns('Polls open at 7 a.m.\nand close at 8. Next.')).toEqual(['Polls open at 7 a.m.\nand close at 8.', 'Next.']);
    // A capital after the dots, a number opening the next line (a list item) or a blank line: a sentence's end.
    expect(runOns('She moved to the U.S. Then she voted.')).toEqual(['She moved to the U.S.', 'Then she voted.']);
    const items = '1. Live in the U.S.\n2. Register.';
    expect(texts(items, sentenceSpans(items, 0, items.length, { runOns: true, listNumbers: true }))).toEqual(['1. Live in the U.S.', '2. Register.']);
    expect(runOns('Born in the U.S.\n\nthen moved.')).toEqual(['Born in the U.S.', 'then moved.']);
    // Without runOns (the chunker), as before.
    expect(texts('A U.S. citizen', sentenceSpans('A U.S. citizen', 0, 14))).toEqual(['A U.S.', 'citizen']);
  });

  it('reads an initial or abbreviation that opens emphasis ("*E. coli*") as inside the sentence, only when asked', () => {
    const runOns = (text: string) => texts(text, sentenceSpans(text, 0, text.length, { runOns: true }));
    // A species name is set in italics: its initial's full stop is inside the open emphasis.
    expect(runOns('Heat kills *E. coli* and *Salmonella*, which a dryer does not. Next.')).toEqual(['Heat kills *E. coli* and *Salmonella*, which a dryer does not.', 'Next.']);
    expect(runOns('Spores of _C. botulinum_ survive. Next.')).toEqual(['Spores of _C. botulinum_ survive.', 'Next.']);
    expect(runOns('See **Fig. 3** for the gauge. Next.')).toEqual(['See **Fig. 3** for the gauge.', 'Next.']);
    // Emphasis that closes after the full stop ends its sentence, as unemphasised text does.
    expect(runOns('It is *done.* Next one.')).toEqual(['It is *done.*', 'Next one.']);
    expect(runOns('Plan *B.* Then go.')).toEqual(['Plan *B.*', 'Then go.']);
    // Without runOns (the chunker), as before.
    const text = 'Kills *E. coli* too.';
    expect(texts(text, sentenceSpans(text, 0, text.length))).toEqual(['Kills *E.', 'coli* too.']);
  });

  it('reads a full stop inside a bracket closed on its line, before a lowercase word, as inside the sentence, only when asked', () => {
    const runOns = (text: string) => texts(text, sentenceSpans(text, 0, text.length, { runOns: true }));
    expect(runOns('**Anatta** (Pa. *anattā*): the teaching of no-self. Next.')).toEqual(['**Anatta** (Pa. *anattā*): the teaching of no-self.', 'Next.']);
    expect(runOns('It lasts (approx. ten days) in all. Next.')).toEqual(['It lasts (approx. ten days) in all.', 'Next.']);
    // A capital after the stop, a bracket left open on its line, or no bracket: a sentence's end.
    expect(runOns('Read on (see chapter 3. It explains why) now.')).toEqual(['Read on (see chapter 3.', 'It explains why) now.']);
    expect(runOns('Read (Pa. anatta\nmeans) it.')).toEqual(['Read (Pa.', 'anatta\nmeans) it.']);
    expect(runOns('He left. then returned.')).toEqual(['He left.', 'then returned.']);
    // Without runOns (the chunker), as before.
    const text = 'A (Pa. *x*) b.';
    expect(texts(text, sentenceSpans(text, 0, text.length))).toEqual(['A (Pa.', '*x*) b.']);
  });

  it('reads a quotation of several sentences, and a quoted exclamation a bracket follows, as inside their sentence only when asked', () => {
    const runOns = (text: string) => texts(text, sentenceSpans(text, 0, text.length, { runOns: true }));
    // A quoted message with full stops inside: one sentence, not a highlight opening mid-quotation.
    expect(runOns('Say "Mayday, Mayday, Mayday. This is Blue Heron." and wait. Then listen.')).toEqual([
      'Say "Mayday, Mayday, Mayday. This is Blue Heron." and wait.',
      'Then listen.',
    ]);
    expect(runOns('He wrote “Stop. Turn back.” Then he left.')).toEqual(['He wrote “Stop. Turn back.”', 'Then he left.']);
    // A quoted exclamation glossed by a bracket goes on.
    expect(runOns('Shout **"Man overboard!"** (MOB) so everyone knows. Next.')).toEqual([
      'Shout **"Man overboard!"** (MOB) so everyone knows.',
      'Next.',
    ]);
    // An inch mark opens nothing; a quotation that does not close in its paragraph, or closes past
    // its reach, leaves the sentences as they were.
    expect(runOns('Cut a 12" board. Then sand it. Say "ok".')).toEqual(['Cut a 12" board.', 'Then sand it.', 'Say "ok".']);
    expect(runOns('Say "Stop. Go.\n\nNext." Done.')).toEqual(['Say "Stop.', 'Go.', 'Next."', 'Done.']);
    expect(runOns(`Say "Stop. ${'word '.repeat(32)}end." Done.`)).toHaveLength(3);
    // Without runOns (the chunker), as before.
    expect(texts('Say "A. B." now', sentenceSpans('Say "A. B." now', 0, 15))).toEqual(['Say "A.', 'B."', 'now']);
    // Many quotations whose sentences never end are read in one pass.
    const many = Array.from({ length: 20000 }, (_, i) => `"a${i}. b" `).join('');
    expect(sentenceSpans(many, 0, many.length, { runOns: true }).length).toBeLessThan(5);
  });

  it('tracks inline code across many sentences (each code span opened and closed)', () => {
    const text = 'Run `a. b` now. Then `c. d` too. End.';
    expect(texts(text, sentenceSpans(text, 0, text.length))).toEqual(['Run `a. b` now.', 'Then `c. d` too.', 'End.']);
    const long = Array.from({ length: 2000 }, (_, i) => `Step ${i} runs \`x. y\` here.`).join(' ');
    expect(sentenceSpans(long, 0, long.length)).toHaveLength(2000);
  });

  it('cuts after CJK full stops without a following space', () => {
    const text = '机器人很好。它会走路！';
    expect(texts(text, sentenceSpans(text, 0, text.length))).toEqual(['机器人很好。', '它会走路！']);
  });
});

describe('lineSpans', () => {
  it('splits on any line ending and drops blank lines', () => {
    const text = 'a b\r\n\r\nc\nd';
    expect(texts(text, lineSpans(text, 0, text.length))).toEqual(['a b', 'c', 'd']);
  });
});
