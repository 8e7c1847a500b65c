import { describe, expect, it } from 'vitest';
import { highlightPassage } from '../../../../src/core/query/search/highlight';
import { questionWeights } from '../../../../src/core/query/search/question-weights';
import { opensRunIn } from '../../../../src/core/query/search/highlight-lead-in';
import type { CandidateSpan } from '../../../../src/core/query/search/highlight-spans';

// What a highlight brings past its best sentence (highlight-lead-in.ts): a lead-in's item, formula or
// whole list, with the list's later bullets parted. Moved from highlight.test.ts, assertions unchanged.
describe('highlightPassage past its sentence', () => {
  it('brings what a lead-in ending in a colon introduces, when it follows with no heading or fence between', () => {
    const tabs = 'Landscape:\n\nUse f/8 and focus a third of the way in.\n\nGroup photo:\n\nUse f/5.6 so that both rows are sharp.';
    expect(highlightPassage(tabs, questionWeights('group photo'))!.text).toBe('Group photo: Use f/5.6 so that both rows are sharp.');
    const list = 'The ratio is called the **crop factor**:\n\n- APS-C: 1.5×\n- Micro Four Thirds: 2×';
    expect(highlightPassage(list, questionWeights('what is crop factor'))!.text).toBe('The ratio is called the **crop factor**: APS-C: 1.5×; Micro Four Thirds: 2×');
    const beforeCode = 'To rename a table:\n\n```sql\nALTER TABLE a RENAME TO b;\n```';
    expect(highlightPassage(beforeCode, questionWeights('rename a table'))!.text).toBe('To rename a table:');
    // An item's lead-in brings the items nested under it, never the next item beside it: that is
    // another item's half, as the pair rule says ("…such as: **S (Shutter priority)**: you pick…").
    const sibling = '- **A (Aperture priority)**: you pick the aperture. The mode\n  for portraits and for landscapes such as:\n- **S (Shutter priority)**: you pick the shutter speed.';
    expect(highlightPassage(sibling, questionWeights('aperture priority mode for portraits'))!.text).toBe('- **A (Aperture priority)**: you pick the aperture. The mode for portraits and for landscapes such as:');
    const flat = 'Modes:\n\n- Group photo:\n- Landscape: use f/11 and a tripod.';
    expect(highlightPassage(flat, questionWeights('group photo'))!.text).toBe('- Group photo:');
    const nested = '- **Exposure modes** for portraits:\n  - **A (Aperture priority)**: you pick the aperture.\n  - **M (Manual)**: you pick both\n- **Metering**: spot or matrix.';
    expect(highlightPassage(nested, questionWeights('exposure modes for portraits'))!.text).toBe('- **Exposure modes** for portraits: **A (Aperture priority)**: you pick the aperture. **M (Manual)**: you pick both');
  });

  it('brings the whole list a lead-in introduces, quoted or not, its items parted, up to the highlight\'s length', () => {
    const rules = (items: string) => `Knives need care. The three rules of safety are:\n\n${items}\n\nAfter that, practise.`;
    const whole = 'The three rules of safety are: keep the blade sharp; cut away from you; store it closed';
    expect(highlightPassage(rules('- keep the blade sharp\n- cut away from you\n- store it closed'), questionWeights('rules of safety'))!.text).toBe(whole);
    expect(highlightPassage(rules('> - keep the blade sharp\n> - cut away from you\n> - store it closed'), questionWeights('rules of safety'))!.text).toBe(whole);
    // However a nested quotation spaces its markers (">  > - "), its items are a list's: it came whole
    // only as "> > - ", and with more spaces brought its first item alone.
    expect(highlightPassage(rules('>  > - keep the blade sharp\n>  > - cut away from you\n>  > - store it closed'), questionWeights('rules of safety'))!.text).toBe(whole);
    // An unfinished sentence over a quoted list: the first item finishes it, the others follow.
    const unfinished = 'The three rules of safety are\n\n> - keep the blade sharp\n> - cut away from you.\n> - store it closed\n\nAfter that, practise.';
    expect(highlightPassage(unfinished, questionWeights('rules of safety'))!.text).toBe('The three rules of safety are keep the blade sharp; cut away from you. store it closed');
    expect(highlightPassage(rules('1. keep the blade sharp\n2. cut away from you'), questionWeights('rules of safety'))!.text).toBe('The three rules of safety are: 1. keep the blade sharp 2. cut away from you');
    // An item ending in a hard line break's two spaces, or a loose list's, is parted as any other.
    expect(highlightPassage(rules('- keep the blade sharp  \n- cut away from you'), questionWeights('rules of safety'))!.text).toBe('The three rules of safety are: keep the blade sharp; cut away from you');
    expect(highlightPassage(rules('- keep the blade sharp\n\n- cut away from you'), questionWeights('rules of safety'))!.text).toBe('The three rules of safety are: keep the blade sharp; cut away from you');
    // A long list: whole items within the length, then the one that crosses it, cut ("…").
    const long = Array.from({ length: 8 }, (_, i) => `- rule ${i + 1} says the blade must be kept away from hands`).join('\n');
    const h = highlightPassage(rules(long), questionWeights('rules of safety'))!;
    expect(h.text).toMatch(/^The three rules of safety are: rule 1 says .*; rule 4 says the blade .*…$/);
    expect(h.text).not.toContain('rule 6');
  });

  it('joins no later sentence of a list item to the next item, which would pair two items\' halves', () => {
    const list = '- **A or Av (Aperture priority)**: you pick the aperture, the camera picks the shutter speed. The\n  most useful everyday mode.\n- **S (Shutter priority)**: you pick the shutter speed, the camera picks the aperture. Good\n  for sport.';
    expect(highlightPassage(list, questionWeights('which mode should I use to pick the aperture and let the camera do the rest'))!.text).toBe('- **A or Av (Aperture priority)**: you pick the aperture, the camera picks the shutter speed. The most useful everyday mode.');
    // A whole item still pairs with the next one, each holding another word of the question.
    expect(highlightPassage('- Snow: add light.\n- Night: remove light.', questionWeights('snow night'))!.text).toBe('- Snow: add light. Night: remove light.');
  });

  it('leaves out the bullet of a later list item, as of a quotation\'s later lines, but not in code', () => {
    const list = 'Plant cells have three more structures (*Figure 1.2*):\n\n- a **cell wall** of cellulose, which stops the cell bursting;\n- chloroplasts.';
    const h = highlightPassage(list, questionWeights('why do plant cells not burst'))!;
    expect(h.text).toBe('Plant cells have three more structures (*Figure 1.2*): a **cell wall** of cellulose, which stops the cell bursting;');
    const items = '- **Codominance:** both alleles show.\n* **Incomplete dominance:** the heterozygote is in between.';
    expect(highlightPassage(items, questionWeights('codominance or incomplete dominance'))!.text).toBe('- **Codominance:** both alleles show. **Incomplete dominance:** the heterozygote is in between.');
    const steps = 'Steps:\n1. install the driver\n2. launch the driver node';
    expect(highlightPassage(steps, questionWeights('install launch node'))!.text).toBe('1. install the driver 2. launch the driver node');
    const yaml = '```yaml\nplugins:\n  - name: driver\n```';
    expect(highlightPassage(yaml, questionWeights('plugins driver'))!.text).toBe('plugins: - name: driver');
  });

  it('brings the text a run-in head introduces on its line, as a colon\'s lead-in, never the next item', () => {
    const where = '## Where to put it\n\n- **Away from windows.** Direct sunlight heats the water and feeds algae.\n- **Near sockets**, with a drip loop in every cable.\n- **Somewhere you look daily.** Problems show early.';
    expect(highlightPassage(where, questionWeights('is it ok next to a sunny window'))!.text).toBe('- **Away from windows.** Direct sunlight heats the water and feeds algae.');
    expect(highlightPassage(where, questionWeights('somewhere I look daily'))!.text).toBe('- **Somewhere you look daily.** Problems show early.');
    // A paragraph's run-in head, emphasis of either kind, its full stop inside or after the emphasis.
    expect(highlightPassage('Intro text.\n\n**Robust regression.** Several functions resist outliers.', questionWeights('robust regression'))!.text).toBe('**Robust regression.** Several functions resist outliers.');
    expect(highlightPassage('*Name resolution can fail.* The servers may be down.', questionWeights('name resolution'))!.text).toBe('*Name resolution can fail.* The servers may be down.');
    expect(highlightPassage('**Links**. Each packet may point to another one.', questionWeights('links'))!.text).toBe('**Links**. Each packet may point to another one.');
    // A title on a line of its own is no run-in head (its paragraph is another), nor is a sentence
    // that merely opens and ends in bold.
    expect(highlightPassage('**Away from windows.**\n\nSunlight feeds algae.', questionWeights('windows'))!.text).toBe('**Away from windows.**');
    expect(highlightPassage('**Tanks** need **windows**. Sunlight feeds algae.', questionWeights('windows'))!.text).toBe('**Tanks** need **windows**.');
  });

  it('never pairs a paragraph\'s last sentence with the run-in head of the next: the head goes with its own text', () => {
    // A worm-bin book's troubleshooting section: each problem a paragraph led by its bold name. The
    // question's words in the last sentence of one and the head of the next ended the highlight on
    // the bare head ("… can also be a sign. **Liquid at the bottom.**"), the answer after it hidden.
    const problems = [
      '**Worms dying.** Usually overheating, drying out, or drowning in a bin without drainage. Dead worms',
      'decay quickly, so a sudden smell can also be a sign.',
      '',
      '**Liquid at the bottom.** A little leachate is normal. Drain it regularly; diluted 1:10 with water it',
      'can be used on houseplants.',
    ].join('\n');
    const text = highlightPassage(problems, questionWeights('what is the liquid coming out of the bottom of the worm bin'))!.text;
    expect(text).toBe('**Liquid at the bottom.** A little leachate is normal.');
    // Items were parted already: an item's later sentence never pairs with the next item.
    const items = '- **Too dry.** Water it while turning, and sprinkle the worms too.\n- **Too wet.** Add shredded cardboard.';
    expect(highlightPassage(items, questionWeights('worms too wet'))!.text).toBe('- **Too wet.** Add shredded cardboard.');
    // A lead-in's colon still pairs with the head it introduces, and the pair now brings the head's
    // text too: it ended on the bare head ("Two signs: **Flies.**").
    expect(highlightPassage('Two signs:\n\n**Flies.** Bury the food deeper.', questionWeights('signs flies'))!.text).toBe('Two signs: **Flies.** Bury the food deeper.');
  });

  it('reads an emphasised sentence inside a paragraph or item as a sentence, not a run-in head: it brings nothing', () => {
    const paragraph = 'The filter runs all day. **Never switch the filter off.** Heaters need a thermostat.';
    expect(highlightPassage(paragraph, questionWeights('switch the filter off'))!.text).toBe('**Never switch the filter off.**');
    const item = 'Care:\n\n- Clean it monthly. *Never switch the filter off.* Heaters need a thermostat.';
    expect(highlightPassage(item, questionWeights('switch the filter off'))!.text).toBe('*Never switch the filter off.*');
    // Indented or quoted, a head that opens its line still is one.
    expect(highlightPassage('Intro.\n\n> - **Away from windows.** Sunlight feeds algae.', questionWeights('windows'))!.text).toBe('> - **Away from windows.** Sunlight feeds algae.');
    expect(highlightPassage('Intro.\n\n   **Away from windows.** Sunlight feeds algae.', questionWeights('windows'))!.text).toBe('**Away from windows.** Sunlight feeds algae.');
  });

  it('brings a long first sentence after a callout title or a lead-in, cut to the highlight\'s length, not the title alone', () => {
    // A box whose first sentence is longer than a highlight: the title alone ("Tip: Remembering the
    // order.") was the whole highlight, the answer hidden under "Show all".
    const body = 'A common memory aid for the seven colours of the rainbow, from the outside of the arc to the inside (red, orange, yellow, green, blue, indigo and violet), is the name "Roy G. Biv", which children learn in their first science lessons at school.';
    const box = `Light bends in a prism.\n\nTip: Remembering the order.\n${body}`;
    const h = highlightPassage(box, questionWeights('trick for remembering the order of colours'))!;
    expect(h.text.startsWith('Tip: Remembering the order. A common memory aid for the seven colours')).toBe(true);
    expect(h.text.endsWith('…')).toBe(true);
    expect(h.text.length).toBeLessThanOrEqual(241);
    expect(box.slice(h.start, h.end)).toBe(`Tip: Remembering the order.\n${body}`);
    // A lead-in ending in a colon, likewise.
    const lead = `Remembering the order:\n\n${body}`;
    expect(highlightPassage(lead, questionWeights('remembering the order'))!.text).toMatch(/^Remembering the order: A common memory aid .*…$/);
    // Past twice the highlight's length the next sentence is no longer read with it.
    const huge = `Tip: Remembering the order.\n${body} ${body.replace(/\.$/, '')}, and so on.`.replace(/\. A common/, ', and a common');
    expect(highlightPassage(huge, questionWeights('remembering the order'))!.text).toBe('Tip: Remembering the order.');
  });

  it('reads a short label line that holds a word of the question with what it introduces, as one thought', () => {
    // Tabs as ingest writes them: each label on its line, its panel under it.
    const tabs = 'Tube device:\n\nFeed the rope through the device to give slack for a clip.\n\nAssisted braking (GriGri):\n\nHold the cam down with your thumb while you feed rope out.';
    const grigri = highlightPassage(tabs, questionWeights('feed rope on a grigri'))!;
    expect(grigri.text).toBe('Assisted braking (GriGri): Hold the cam down with your thumb while you feed rope out.');
    // Before, the label and its panel paid the pair's penalty, and the other tab's sentence won.
    expect(grigri.text).not.toContain('Feed the rope through');
    // A label whose text opens with the label's own words stays out: it would read them twice.
    const echo = 'Oil stones:\n\nOil stones cut slowly but last for years.\n\n**Water stones**:\n\n**Water stones** cut fast.';
    expect(highlightPassage(echo, questionWeights('do water stones cut fast'))!.text).toBe('**Water stones** cut fast.');
    // Its words, not its letters: "Car:" over "Careful drivers …" is a label, "careful" no echo of "car".
    const car = 'Bike:\n\nPark the bike against the kerb on a hill.\n\nCar:\n\nCareful drivers turn the wheels toward the kerb to park on a hill.';
    expect(highlightPassage(car, questionWeights('how do I park a car on a hill'))!.text).toBe('Car: Careful drivers turn the wheels toward the kerb to park on a hill.');
    // A label that holds no word of the question stays out.
    expect(highlightPassage(tabs, questionWeights('hold the cam down'))!.text).toBe('Hold the cam down with your thumb while you feed rope out.');
    // A colon inside a sentence is no label: the pair pays its penalty as before.
    const prose = 'Feed the rope: it runs through the device. Hold the grigri cam down.';
    expect(highlightPassage(prose, questionWeights('feed rope grigri'))!.text).toBe(prose);
  });

  it('takes a table row over a label-length lead-in to its table when both hold the same words: the label alone says nothing', () => {
    const beaufort = [
      'Forecasts give wind in Beaufort force. For beginners:',
      '',
      '| Force | Sea | For beginners |',
      '|---|---|---|',
      '| 0–2 | Calm | Ideal |',
      '| 4 | Small waves | The limit for most beginners |',
    ].join('\n');
    expect(highlightPassage(beaufort, questionWeights('how windy is too windy for a beginner'))!.text).toBe('| 4 | Small waves | The limit for most beginners |');
    // More of the question in the lead-in still wins, and a lead-in to a list still brings its items.
    expect(highlightPassage(beaufort, questionWeights('beaufort force for beginners'))!.text).toBe('Forecasts give wind in Beaufort force. For beginners:');
    expect(highlightPassage('For beginners:\n\n- force 4 at most', questionWeights('beginners'))!.text).toBe('For beginners: force 4 at most');
    // A sentence-long lead-in says something, and keeps its place as prose, first of equals.
    const fish = 'These fish are hardy, peaceful and stay small enough for a small tank:\n\n| Fish | Size |\n|---|---|\n| Honey gourami fish | 5 cm |';
    expect(highlightPassage(fish, questionWeights('fish'))!.text).toBe('These fish are hardy, peaceful and stay small enough for a small tank:');
    // A lead-in with a heading between it and a table is not that table's: it stays prose, first of equals.
    const apart = 'For beginners:\n\n## Experts\n\n| Force | Advice |\n|---|---|\n| 6 | Only beginners stay ashore |';
    expect(highlightPassage(apart, questionWeights('beginners'))!.text).toBe('For beginners:');
  });
});

// Hand-made spans: where the sentence splitter puts a span's start is highlight-spans.ts's business;
// these ask only what stands before it on its line.
function spans(...at: [number, number][]): CandidateSpan[] {
  return at.map((span) => ({ span, gap: false, row: false, code: false, opensItem: false, itemTail: false, entry: 0 }));
}

describe('opensRunIn: a run-in head opens its line, after a list marker only with a space after it', () => {
  it('is true for a head after a bullet, a number or a quote\'s marker, each with its space', () => {
    const bullet = '- *Head.* The text goes on.';
    expect(opensRunIn(bullet, spans([2, 9], [10, bullet.length]), 0)).toBe(true);
    const numbered = 'Intro.\n12. **Head.** The text goes on.';
    expect(opensRunIn(numbered, spans([0, 6], [11, 20], [21, numbered.length]), 1)).toBe(true);
    const quoted = '> **Head.** The text goes on.';
    expect(opensRunIn(quoted, spans([2, 11], [12, quoted.length]), 0)).toBe(true);
  });

  it('is false for a span that a marker touches with no space between, as isLabelLine reads a label\'s line: it starts inside the emphasis, not at the line\'s start', () => {
    // The span starts after the opening `*`: that `*` is the emphasis's, no bullet.
    const inside = '*Head.* The text goes on.';
    expect(opensRunIn(inside, spans([1, 7], [8, inside.length]), 0)).toBe(false);
    const numbered = '12.**Head.** The text goes on.';
    expect(opensRunIn(numbered, spans([3, 12], [13, numbered.length]), 0)).toBe(false);
  });
});
