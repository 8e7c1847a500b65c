import { describe, expect, it } from 'vitest';
import { HIGHLIGHT_CHARS, highlightPassage } from '../../../../src/core/query/search/highlight';
import { questionWeights } from '../../../../src/core/query/search/question-weights';
import { expectLinearGrowth } from '../../../support/linear-growth';

const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();

describe('highlightPassage', () => {
  const section = [
    '## Topics: publish and subscribe',
    '',
    'Nodes exchange data in three ways. A **topic** is a named channel',
    'carrying messages of a single type. Publishers do not know who listens.',
  ].join('\n');

  it('returns the sentence holding the question\'s words, never the heading, located in the content', () => {
    const h = highlightPassage(section, questionWeights('What is a topic?'))!;
    expect(h.text).toBe('A **topic** is a named channel carrying messages of a single type.');
    expect(collapse(section.slice(h.start, h.end))).toBe(h.text);
    expect(h.terms).toEqual(['topic']);
  });

  it("neither scores nor marks a callout's kind word: the reader's 'tips' is not the box's 'Tip:'", () => {
    const chunk = [
      'Too much direct sun shows as sunscorch: white patches on the leaves, sometimes with crispy brown edges. Move the plant back.',
      '',
      'Tip: Rotate your pots.',
      'Turn each pot a quarter turn every time you water.',
    ].join('\n');
    // The book's rarity, as a search weighs it: "tip" is rarer than "leaves" there.
    const rarity = (stem: string): number => (stem === 'tip' ? 3 : 1);
    const h = highlightPassage(chunk, questionWeights('why are the tips of my leaves turning brown', rarity))!;
    expect(h.text).toBe('Too much direct sun shows as sunscorch: white patches on the leaves, sometimes with crispy brown edges.');
    expect(h.terms).toEqual(['leaves', 'brown']);
    const box = highlightPassage(chunk, questionWeights('tips for turning pots', rarity))!;
    expect(box.terms).not.toContain('tip');
    expect(box.terms).toEqual(['turn', 'pot']);
  });

  it('reads the first sentence under a heading whole when the book wraps its lines', () => {
    const wrapped = '## Servicing\n\nOnce a year, take the fork out and check that the bearings turn\nsmoothly, then regrease them. Replace a rough bearing.';
    const h = highlightPassage(wrapped, questionWeights('take the fork out'))!;
    expect(h.text).toBe('Once a year, take the fork out and check that the bearings turn smoothly, then regrease them.');
    expect(collapse(wrapped.slice(h.start, h.end))).toBe(h.text);
    const headed = 'Intro without a full stop\n\n### Fork\nThe fork holds the front\nwheel. It turns in the head tube.';
    expect(highlightPassage(headed, questionWeights('front wheel'))!.text).toBe('The fork holds the front wheel.');
  });

  it('never opens on the dash after a quoted question: the sentence goes on past it', () => {
    const text = 'Use two identifiers. Ask the patient to state their name rather than asking "Are you Mrs. Lopez?" — a confused patient may simply say yes.';
    expect(highlightPassage(text, questionWeights('confused patient says yes'))!.text).toBe('Ask the patient to state their name rather than asking "Are you Mrs. Lopez?" — a confused patient may simply say yes.');
    // So in a list item the book wraps: its lines joined are cut into sentences with the same option.
    const item = '- Use two identifiers.\n- Ask the patient to state their name rather than asking "Are you Mrs. Lopez?" — a\n  confused patient may simply say yes.';
    expect(highlightPassage(item, questionWeights('confused patient says yes'))!.text).toBe('- Ask the patient to state their name rather than asking "Are you Mrs. Lopez?" — a confused patient may simply say yes.');
  });

  it('marks stopwords the question joins by hyphens, and looks for no joined run the question does not ask for', () => {
    const text = 'Develop the knights first. Castle short with O-O, which tucks the king into the corner.';
    const asked = highlightPassage(text, questionWeights('when to play O-O'))!;
    expect(asked.text).toBe('Castle short with O-O, which tucks the king into the corner.');
    expect(asked.terms).toEqual(['o-o']);
    const h = highlightPassage(text, questionWeights('castle the king'))!;
    expect(h.terms).toEqual(['castle', 'king']);
  });

  it('marks a short name joined by "&" whole, never its letters elsewhere ("C&R", not the "C" of "°C")', () => {
    const text = 'Trout feed best at 10–18 °C in spring.\n\nC&R means catch and release: unhook the fish and let it go.';
    const h = highlightPassage(text, questionWeights('what does C&R stand for'))!;
    expect(h.text).toBe('C&R means catch and release: unhook the fish and let it go.');
    expect(h.terms).toEqual(['c&r']);
  });

  it('never takes the article "a" for a question\'s acronym that stems to it ("AED" stems to "a")', () => {
    const text = 'Keep going until a paramedic takes over. Switch on the AED and follow its prompts.';
    const h = highlightPassage(text, questionWeights('AED'))!;
    expect(h.text).toBe('Switch on the AED and follow its prompts.');
    expect(h.terms).toEqual(['aed']);
    expect(highlightPassage('Keep going until a paramedic takes over.', questionWeights('AED pads'))).toBeNull();
  });

  it('finds the book\'s British spelling of the reader\'s word even where the two open differently', () => {
    // Ingest indexed "haemoglobin" with "hemoglobin"; the highlight looked only for words opening "hem".
    const h = highlightPassage('Plasma is the liquid. Red cells carry oxygen bound to haemoglobin.', questionWeights('hemoglobin'))!;
    expect(h.text).toBe('Red cells carry oxygen bound to haemoglobin.');
    expect(h.terms).toEqual(['haemoglobin']);
  });

  it('prefers the sentence with the rarer words when the book says which are rare', () => {
    const text = 'Every node has a name. Remapping renames a node topic at launch.';
    const plain = highlightPassage(text, questionWeights('node name remapping'))!;
    expect(plain.text).toBe('Every node has a name. Remapping renames a node topic at launch.'); // equal weights: two stems first, joined by the next
    const rare = highlightPassage(text, questionWeights('node name remapping', (stem) => (stem === 'remap' ? 3 : 0.2)))!;
    expect(rare.text).toBe('Remapping renames a node topic at launch.');
  });

  it('joins two neighbouring sentences when each holds another word of the question, never across a heading', () => {
    const text = 'QoS sets reliability. Reliability can be best effort. Durability keeps late messages.';
    expect(highlightPassage(text, questionWeights('reliability durability'))!.text).toBe('Reliability can be best effort. Durability keeps late messages.');
    expect(highlightPassage(text, questionWeights('reliability'))!.text).toBe('Reliability can be best effort.'); // of equals, the one that leads with it
    const headed = 'Reliability can be best effort.\n\n### Durability\n\nDurability keeps late messages.';
    expect(highlightPassage(headed, questionWeights('reliability durability'))!.text).toBe('Reliability can be best effort.');
  });

  it('never takes an image line\'s markup or alt text for a sentence, nor pairs a sentence with it', () => {
    // A figure's alt text holding the question's words made "…above the shoulders. ![Side view … lower
    // chest …](/img/x.png)" beat the sentence that answers, and showed the image's markup.
    const text = 'Lower the bar to the lower chest. Touch it and press up.\n\n![Side view of the bar path from the lower chest](/img/path.png)';
    expect(highlightPassage(text, questionWeights('where does the bar touch the chest'))!.text).toBe('Lower the bar to the lower chest. Touch it and press up.');
    expect(highlightPassage('Press up.\n\n![The lower chest](/img/a.png)', questionWeights('lower chest'))).toBeNull();
  });

  it('joins a definition list\'s term and its ": …" line as "Term: …"', () => {
    const glossary = '**Banneton** (brotform)\n: A proofing basket of cane that holds a shaped loaf.\n\n**Biga**\n: A stiff preferment.';
    expect(highlightPassage(glossary, questionWeights('what is a banneton'))!.text).toBe('**Banneton** (brotform): A proofing basket of cane that holds a shaped loaf.');
  });

  it('reads a quotation with words left out ("…") as one sentence', () => {
    const quote = 'Peel resigned. "I shall leave a name execrated by every monopolist … but it may be that I shall leave a name remembered in the abodes of those who labour."';
    expect(highlightPassage(quote, questionWeights('leave a name'))!.text).toMatch(/^"I shall leave a name .* labour\."$/);
  });

  it('finds the book\'s CO₂ for the question\'s CO2, as the search indexed it (NFKC), and marks it as the book writes it', () => {
    const text = 'Plants take in carbon dioxide. Greenhouse growers add CO₂ to raise yields.';
    const h = highlightPassage(text, questionWeights('why add CO2'))!;
    expect(h.text).toBe('Greenhouse growers add CO₂ to raise yields.');
    expect(h.terms).toEqual(['add', 'co₂']);
  });

  it('finds the book\'s accented word for the question\'s word without accents, as ingest indexed it, and marks it as the book writes it', () => {
    const text = 'Both mean "what" in English. Use cuál before es when choosing, and qué before a noun.';
    const h = highlightPassage(text, questionWeights('cual vs que'))!;
    expect(h.text).toBe('Use cuál before es when choosing, and qué before a noun.');
    expect(h.terms).toEqual(['cuál', 'qué']);
  });

  it('reads a table row whole, never cut at a question mark or full stop inside a cell', () => {
    const text = ['Question words:', '', '| Word | Meaning |', '|---|---|', '| Why? | Because. |', '| How many? | Count them. |'].join('\n');
    expect(highlightPassage(text, questionWeights('count'))!.text).toBe('| How many? | Count them. |');
  });

  it('reads lists, tables and code line by line, and prefers prose to a table row of equal weight', () => {
    const text = ['Steps:', '- install the driver', '- launch the camera node', '', '| Mode | Topic |', '|---|---|', '| depth | /camera/depth |', '', 'The depth image is aligned to colour.'].join('\n');
    expect(highlightPassage(text, questionWeights('launch camera'))!.text).toBe('- launch the camera node');
    expect(highlightPassage(text, questionWeights('depth'))!.text).toBe('The depth image is aligned to colour.');
  });

  it('prefers prose to a code line of equal weight, and a code line to a table row', () => {
    const taf = ['```', 'TAF KMKE 1218/1324 27012KT P6SM', '  TEMPO 1308/1311 1SM BR OVC004', '```', '', '- `TEMPO` (temporary): fluctuations lasting less than an hour.'].join('\n');
    expect(highlightPassage(taf, questionWeights('what does TEMPO mean'))!.text).toBe('- `TEMPO` (temporary): fluctuations lasting less than an hour.');
    // More of the question in the code line still wins.
    expect(highlightPassage(taf, questionWeights('TEMPO OVC004'))!.text).toBe('TEMPO 1308/1311 1SM BR OVC004');
    const both = ['| Code | Meaning |', '|---|---|', '| TEMPO | temporary |', '', '```', 'TEMPO 1308/1311', '```'].join('\n');
    expect(highlightPassage(both, questionWeights('TEMPO'))!.text).toBe('TEMPO 1308/1311');
  });

  it('never takes a table\'s header row, which names the columns and says nothing', () => {
    const text = ['Both divide a cell.', '', '| Feature | Mitosis | Meiosis |', '| :--- | --- | ---: |', '| Daughter cells | 2, identical | 4, each different |', '', 'Meiosis makes gametes.'].join('\n');
    expect(highlightPassage(text, questionWeights('mitosis or meiosis'))!.text).toBe('Meiosis makes gametes.');
    expect(highlightPassage(text, questionWeights('how many daughter cells'))!.text).toBe('| Daughter cells | 2, identical | 4, each different |');
    // A row that is not above a `|---|` line is a body row, and may be the highlight.
    expect(highlightPassage('| Mitosis | 2 cells |\n| Meiosis | 4 cells |', questionWeights('mitosis'))!.text).toBe('| Mitosis | 2 cells |');
  });

  it('of two lines holding the same words, takes the one that leads with them (a glossary\'s definition)', () => {
    const text = ['- **Meiosis**: two divisions; unlike mitosis, it halves the chromosomes.', '- **Mitosis**: one division that makes two identical cells.'].join('\n');
    expect(highlightPassage(text, questionWeights('what is mitosis'))!.text).toBe('- **Mitosis**: one division that makes two identical cells.');
    expect(highlightPassage(text, questionWeights('what is meiosis'))!.text).toBe('- **Meiosis**: two divisions; unlike mitosis, it halves the chromosomes.');
    // With neither leading, the first still wins.
    expect(highlightPassage('Cells use mitosis to grow. Skin renews by mitosis.', questionWeights('mitosis'))!.text).toBe('Cells use mitosis to grow.');
    // A function word before the term still leads; a stopword the stems hold ("a" for "AED") is no lead.
    expect(highlightPassage('Nodes publish on a topic. A topic is a named channel.', questionWeights('topic'))!.text).toBe('A topic is a named channel.');
    expect(highlightPassage('Call for help and an AED. A bystander fetches the AED.', questionWeights('AED'))!.text).toBe('Call for help and an AED.');
  });

  it('never pairs a glossary entry with the next entry, whose words define another term', () => {
    // "are lichens one organism or two": "lichens" in one entry, "organisms" in the next had read
    // two definitions as one highlight.
    const glossary = '**Pioneer species**: the first species to colonise bare rock, such as lichens.\n\n**Quadrat**: a square frame for counting organisms.';
    expect(highlightPassage(glossary, questionWeights('are lichens one organism or two'))!.text).toBe('**Pioneer species**: the first species to colonise bare rock, such as lichens.');
    // The same as a list, the colon inside the bold, and a definition list's term over its ": …" line.
    const list = '- **Pioneer species:** the first species on bare rock, such as lichens.\n- **Quadrat:** a square frame for counting organisms.';
    expect(highlightPassage(list, questionWeights('lichens organisms'))!.text).toBe('- **Pioneer species:** the first species on bare rock, such as lichens.');
    const definitions = '**Pioneer species**\n: The first species on bare rock, such as lichens.\n\n**Quadrat**\n: A square frame for counting organisms.';
    expect(highlightPassage(definitions, questionWeights('lichens organisms'))!.text).toBe('**Pioneer species**: The first species on bare rock, such as lichens.');
    // Prose still pairs, and a lead-in still brings the entries it introduces.
    expect(highlightPassage('Lichens grow on rock.\n\nThey are two organisms.', questionWeights('lichens organisms'))!.text).toBe('Lichens grow on rock. They are two organisms.');
    // A comparison that names both terms reads both entries.
    expect(highlightPassage(glossary, questionWeights('pioneer species or quadrat'))!.text).toBe('**Pioneer species**: the first species to colonise bare rock, such as lichens. **Quadrat**: a square frame for counting organisms.');
    const leadIn = 'Symbiosis has three kinds of relationship:\n\n- **Mutualism**: both benefit.\n- **Parasitism**: one gains, one loses.';
    expect(highlightPassage(leadIn, questionWeights('kinds of relationship'))!.text).toContain('**Mutualism**: both benefit.');
  });

  it('reads whether the question names each glossary entry\'s term in one pass over the chunk', () => {
    // Each entry's term was read by a scan of the chunk from its start: a chunk of 5,000 entries
    // took 5.6 s (36 ms before entries were read at all).
    const glossary = (n: number) => '**Term**: a definition of it.\n\n'.repeat(n);
    const weights = questionWeights('definition term');
    expectLinearGrowth((n) => { const text = glossary(n); return () => highlightPassage(text, weights); }, 600);
    expect(highlightPassage(glossary(5_000), weights)!.text).toBe('**Term**: a definition of it.');
  });

  it('asks whether each sentence opens a run-in head without reading its whole line again', () => {
    // opensRunIn read every span's line from its start: a one-line chunk of 20,000 sentences took
    // 7.2 s to highlight (0.5 s before the run-in rule).
    const line = (n: number) => 'Water heat sentence here. '.repeat(n);
    const weights = questionWeights('water heat');
    expectLinearGrowth((n) => { const text = line(n); return () => highlightPassage(text, weights); }, 2_500);
    expect(highlightPassage(line(20_000), weights)!.text).toBe('Water heat sentence here.');
  });

  it('reads a definition list\'s term and definition as "term: definition", not "term : definition"', () => {
    const list = '**Accrual**\n: An expense incurred but not yet billed.\n\n**Bad debt**\n: A receivable written off.';
    expect(highlightPassage(list, questionWeights('what is an accrual'))!.text).toBe('**Accrual**: An expense incurred but not yet billed.');
    expect(highlightPassage(list.replace(/\n/g, '\r\n'), questionWeights('what is an accrual'))!.text).toBe('**Accrual**: An expense incurred but not yet billed.');
    expect(highlightPassage('```\nkey\n: value\n```', questionWeights('key value'))!.text).toBe('key : value'); // code is read as written
  });

  it('never joins a table row to the prose after it', () => {
    const text = ['| Temp | Wort |', '|---|---|', '| 63 °C | thin |', 'Hold the temperature for an hour.'].join('\n');
    // Joined, the row and the sentence would hold both words and beat each alone.
    expect(highlightPassage(text, new Map([['thin', 2], ['temperatur', 1.5]]))!.text).toBe('| 63 °C | thin |');
    expect(highlightPassage(text, new Map([['thin', 1], ['temperatur', 1.5]]))!.text).toBe('Hold the temperature for an hour.');
  });

  it('finds a word whose stem ends its opening in "i" ("dry" → "dri")', () => {
    const h = highlightPassage('Mash hot for body. A cool mash makes a dry beer.', questionWeights('a dry finish'))!;
    expect(h).toMatchObject({ text: 'A cool mash makes a dry beer.', terms: ['dry'] });
  });

  it('finds the reader\'s spelling in the book\'s other spelling (as ingest indexed it)', () => {
    const h = highlightPassage('Add randomisation to textures. Colours vary too.', questionWeights('texture randomization'))!;
    expect(h.text).toBe('Add randomisation to textures.');
    expect(h.terms.sort()).toEqual(['randomisation', 'textures']);
  });

  it('finds the reader\'s word in the book\'s form the stemmer reads as another (as ingest indexed it)', () => {
    // Snowball: "sue" is "sue", "suing" is "su"; ingest indexed "suing" with "sue" too.
    const h = highlightPassage('Unpaid invoices remain payable. The period for suing is six years.', questionWeights('too late to sue'))!;
    expect(h).toMatchObject({ text: 'The period for suing is six years.', terms: ['suing'] });
  });

  it('finds the reader\'s noun in the book\'s other number the stemmer reads as another word (as ingest indexed it)', () => {
    // Snowball: "gas" is "gas", "gases" is "gase"; ingest indexed each chunk with the other number.
    const gas = highlightPassage('Clouds form in cold air. Water vapour is the gas that traps the most heat.', questionWeights('which greenhouse gases trap heat'))!;
    expect(gas.terms.sort()).toEqual(['gas', 'heat', 'traps']);
    const crises = highlightPassage('Plan ahead. Two crises hit the market in one year.', questionWeights('what is a market crisis'))!;
    expect(crises.terms.sort()).toEqual(['crises', 'market']);
  });

  it('cuts a long sentence around its first match, marking the cuts', () => {
    const filler = 'lorem ipsum dolor sit amet '.repeat(20);
    const text = `${filler}the watchdog timer resets the controller ${filler}.`;
    const h = highlightPassage(text, questionWeights('watchdog'))!;
    expect(h.text.length).toBeLessThanOrEqual(HIGHLIGHT_CHARS);
    expect(h.text.startsWith('…')).toBe(true);
    expect(h.text.endsWith('…')).toBe(true);
    expect(h.text).toContain('the watchdog timer resets the controller');
    expect(h.terms).toEqual(['watchdog']);
    // A caller may ask for a shorter one (`max`): cut the same way, to that length.
    const short = highlightPassage(text, questionWeights('watchdog'), { max: 60 })!;
    expect(short.text.length).toBeLessThanOrEqual(60);
    expect(short.text).toMatch(/^….*the watchdog timer.*…$/);
  });

  it('finds words in any case, at word starts only, also where lowercasing would move the offsets', () => {
    const h = highlightPassage('Unpublished drafts stay local. PUBLISHING a draft makes it public.', questionWeights('publish'))!;
    expect(h.text).toBe('PUBLISHING a draft makes it public.'); // "Unpublished" does not open with "pub"
    expect(h.terms).toEqual(['publishing']);
    // "İ" lowercases to two characters: the words are then read one by one, offsets intact.
    const text = 'İzmir has ports. Publishing topics there works.';
    const turkish = highlightPassage(text, questionWeights('publish'))!;
    expect(text.slice(turkish.start, turkish.end)).toBe('Publishing topics there works.');
  });

  it('matches a stopword the question writes in capitals only where the chunk writes it in capitals too', () => {
    const text = 'Where rows come from is set in FROM. Groups are filtered with HAVING after they are formed. Having fun?';
    const h = highlightPassage(text, questionWeights('filter groups with HAVING'))!;
    expect(h.text).toBe('Groups are filtered with HAVING after they are formed.');
    expect(h.terms).toEqual(['groups', 'filtered', 'having']);
    // "Having" and "where" in prose are the stopwords, not the clause: nothing of the question there.
    expect(highlightPassage('Having fun? Where is it?', questionWeights('WHERE and HAVING'))).toBeNull();
  });

  it('is null when no sentence holds a word of the question, or there is nothing to read', () => {
    expect(highlightPassage(section, questionWeights('gazebo physics'))).toBeNull();
    expect(highlightPassage('', questionWeights('topic'))).toBeNull();
    expect(highlightPassage(section, questionWeights('what is the'))).toBeNull(); // stopwords only
  });

  it('marks the sentence that gives the frequency "how often" asks for, not one that says "often"', () => {
    // The first sentence is long enough that the two make no pair within HIGHLIGHT_CHARS.
    const text = [
      'Ponies with hard hooves that live on soft pasture and are ridden only on grass or sand can often go without shoes',
      'for years, but a horse that works on roads, gravel tracks or stony lanes several times a week needs them on at least the front feet.',
      '',
      'Book the farrier every 5 to 8 weeks.',
    ].join('\n');
    // The book's rarity: "farrier" rarer than "need", less than the two words of the first sentence together.
    const h = highlightPassage(text, questionWeights('how often does the farrier need to come', (stem) => (stem === 'farrier' ? 1.5 : 1)))!;
    expect(h.text).toBe('Book the farrier every 5 to 8 weeks.');
    expect(h.terms).toEqual(['farrier']);
  });
});
