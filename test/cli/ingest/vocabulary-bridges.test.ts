import { describe, expect, it } from 'vitest';
import { vocabularyBridges, withSpellings } from '../../../src/cli/ingest/vocabulary-bridges';

describe('vocabularyBridges', () => {
  const texts = ['Set the color of the prompt; an error is shown in red.', 'The colours were recognised by the parser.', 'No variants here.'];
  const bridges = vocabularyBridges(texts);

  it('adds the other spelling of a word only when it is an English word', () => {
    expect(bridges.spellings[0]).toContain('colour');
    expect(bridges.spellings[0]).not.toContain('errour');
    expect(bridges.spellings[1]).toEqual(expect.arrayContaining(['colors', 'recognized']));
    expect(bridges.spellings[2]).toEqual([]);
  });

  it('adds the other spelling of a plural or an "-s" verb whose singular the lexicon knows, though it lists no such plural', () => {
    // WordNet lists lemmas ("micrometer", "millimetre"), not their plurals: a book's "micrometres"
    // had no "micrometers" beside it, and a reader's American spelling found nothing at all.
    const plural = vocabularyBridges(['Spores are measured in micrometres (µm).', 'Lines are 0.2 millimeters wide.', 'The compiler optimizes loops.']);
    expect(plural.spellings[0]).toContain('micrometers');
    expect(plural.aliases.get('micromet')).toEqual(['micrometr']);
    expect(plural.spellings[1]).toContain('millimetres');
    expect(plural.spellings[2]).toContain('optimises');
    // Still no invented word: "errours" has no English singular either.
    expect(vocabularyBridges(['Two errors.']).spellings[0]).not.toContain('errours');
  });

  it('adds the other spelling as often as the chunk uses the word, so a reader\'s spelling weighs as the book\'s does', () => {
    const colour = vocabularyBridges(['Colour the bars: a colour per layer, one colour a batch.', 'Add colour.', 'El café, un café.']);
    expect(colour.spellings[0]!.filter((word) => word === 'color')).toHaveLength(3);
    expect(colour.spellings[1]).toEqual(['color']);
    expect(colour.spellings[2]!.filter((word) => word === 'cafe')).toHaveLength(2);
    // The BM25 text holds "color" three times, as it holds "colour".
    expect(withSpellings(['Colour, colour, colour.'], vocabularyBridges(['Colour, colour, colour.']).spellings)[0]).toBe('Colour, colour, colour.\ncolor color color');
  });

  it('maps the stem a reader may type to the book stem it stands for', () => {
    expect(bridges.aliases.get('colour')).toEqual(['color']);
    expect(bridges.aliases.get('recogn')).toEqual(['recognis']);
  });

  it('adds "gray" beside "grey" and the verb "practise" beside "practice", which the stemmer reads apart', () => {
    const drawing = vocabularyBridges(['Shade a grey greyscale strip and practice every day; practised hands.']);
    expect(drawing.spellings[0]).toEqual(expect.arrayContaining(['gray', 'practise', 'practiced']));
    expect(drawing.aliases.get('practis')).toEqual(['practic']);
  });

  it('adds every accented word without its accents, English or not, as the stem a reader may type', () => {
    const spanish = vocabularyBridges(['¿Cuál prefieres? El lápiz y el café.']);
    expect(spanish.spellings[0]).toEqual(expect.arrayContaining(['cual', 'lapiz', 'cafe']));
    expect(spanish.aliases.get('cual')).toEqual(['cuál']);
    // A page saved decomposed (NFD) is read as the same words.
    expect(vocabularyBridges(['El lápiz'.normalize('NFD')]).spellings[0]).toEqual(['lapiz']);
  });

  it('adds a hyphenated word closed up when that is an English word, as an alias of its parts', () => {
    const hyphens = vocabularyBridges(['Work for a non-profit employer; ask your co-signer. A well-known rule.', 'A nonprofit and a non-profit.']);
    expect(hyphens.spellings[0]).toEqual(expect.arrayContaining(['nonprofit', 'cosigner']));
    expect(hyphens.spellings[0]).not.toContain('wellknown');
    expect(hyphens.aliases.get('nonprofit')).toEqual(['non', 'profit']);
    // A chunk that already writes the closed word gets no second one.
    expect(hyphens.spellings[1]).not.toContain('nonprofit');
  });

  it('adds an open compound noun WordNet lists closed up when that is an English word, and no other adjacent pair', () => {
    const open = vocabularyBridges(['Dry it with a hair dryer; open the web site; bolt the heat sink on; come back later.', 'Use less water. The hat red with dust.', 'A hairdryer, or a hair dryer.', 'The hair\ndryer.']);
    expect(open.spellings[0]).toEqual(expect.arrayContaining(['hairdryer', 'website']));
    // No word list has "heatsink"; "come back" is a phrasal verb, not the noun "comeback".
    expect(open.spellings[0]).not.toEqual(expect.arrayContaining(['heatsink']));
    expect(open.spellings[0]).not.toContain('comeback');
    expect(open.aliases.get('hairdryer')).toEqual(['hair', 'dryer']);
    // "use less" and "hat red" close up into English words, but no open compound of them.
    expect(open.spellings[1]).toEqual([]);
    // A chunk that writes the closed word already, or parts the words by a line, gets none.
    expect(open.spellings[2]).not.toContain('hairdryer');
    expect(open.spellings[3]).not.toContain('hairdryer');
  });

  it('adds the clipping WordNet files in a long word\'s first sense, and no clip of another sense nor a longer word', () => {
    const clips = vocabularyBridges(['Blurred photographs from the laboratory.', 'A photo of the lab.', 'The capital of a column; a copper wire.', 'Plain text; diverse tools.']);
    expect(clips.spellings[0]).toEqual(expect.arrayContaining(['photo', 'lab']));
    expect(clips.aliases.get('photo')).toEqual(['photograph']);
    // A chunk that writes the clip already gets none; the clip is never widened back ("photograph" beside "photo").
    expect(clips.spellings[1]).not.toEqual(expect.arrayContaining(['photo']));
    // (Each on its own: not.arrayContaining of both passed when only one was added.)
    expect(clips.spellings[1]).not.toContain('photograph');
    expect(clips.spellings[1]).not.toContain('laboratory');
    // "cap" is a hat first, "cop" a policeman first (the first sense of no "copper"); no "textbook"
    // beside "text"; "divers" (of "diverse") reads as the plural of "diver".
    expect(clips.spellings[2]).not.toEqual(expect.arrayContaining(['cap']));
    expect(clips.spellings[2]).not.toEqual(expect.arrayContaining(['cop']));
    expect(clips.spellings[3]).not.toEqual(expect.arrayContaining(['textbook']));
    expect(clips.spellings[3]).not.toEqual(expect.arrayContaining(['divers']));
  });

  it('adds the -ing or -ed form of an -ance word that the stemmer reads as another word', () => {
    const forms = vocabularyBridges(['Refinancing replaces your loans.', 'You may refinance later.', 'Keep writing.']);
    expect(forms.spellings[0]).toContain('refinance');
    expect(forms.aliases.get('refin')).toEqual(['refinanc']);
    expect(forms.spellings[1]).toEqual(expect.arrayContaining(['refinancing']));
    expect(forms.spellings[2]).toEqual([]);
  });

  it('adds the plain form of a short "-ue" verb to a chunk that writes only its -ing form, and back', () => {
    // "suing" stems to "su", "sue" to "sue": "is it too late to sue" matched no word of "suing on a contract".
    const forms = vocabularyBridges(['The limitation period for suing on a contract is six years.', 'You may sue in the small claims court.']);
    expect(forms.spellings[0]).toContain('sue');
    expect(forms.aliases.get('sue')).toEqual(['su']);
    // Once per stem: "sued" is "su" as "suing" is.
    expect(forms.spellings[1]).toEqual(['suing']);
  });

  it('adds the -ed word of an -edness noun, which the stemmer reads as another word', () => {
    // "tired" stems to "tire", "tiredness" to "tired": the reader's "always tired" matched nothing.
    const forms = vocabularyBridges(['Signs include tiredness, pale skin and cold hands.', 'You may feel tired.']);
    expect(forms.spellings[0]).toContain('tired');
    expect(forms.aliases.get('tire')).toEqual(['tired']);
    expect(forms.spellings[1]).toEqual([]);
  });

  it('adds an "-ancy" noun\'s "-ant" adjective and back, and an "-ier" noun\'s "-y" verb', () => {
    // "pregnancy" stems to "pregnanc", "pregnant" to "pregnant": "can I do yoga while pregnant" matched no
    // word of the section headed "Pregnancy"; "carrier" stays "carrier", "carry" is "carri".
    const forms = vocabularyBridges(['Pregnancy: avoid deep twists.', 'Hot yoga is not for pregnant students.', 'Carrier testing before a family.', 'Keep current and frequency apart.']);
    expect(forms.spellings[0]).toContain('pregnant');
    expect(forms.aliases.get('pregnant')).toEqual(['pregnanc']);
    expect(forms.spellings[1]).toContain('pregnancy');
    expect(forms.spellings[2]).toContain('carry');
    // "-ent" is no "-ency": a current is no currency.
    expect(forms.spellings[3]).toEqual([]);
  });

  it('adds an "-ation" noun\'s "-e" verb only when WordNet knows it as a verb, and an "-ification" noun\'s "-ify" verb', () => {
    // "quotation" stems to "quotat", "quote" to "quot": "plan out a quote poster" matched no word of
    // "A formal quotation calls for …". "forme" is an English word, but no verb.
    const forms = vocabularyBridges(['A formal quotation calls for capitals.', 'A rock formation at sunset.', 'Verification of the checksum.']);
    expect(forms.spellings[0]).toContain('quote');
    expect(forms.aliases.get('quot')).toEqual(['quotat']);
    expect(forms.spellings[1]).not.toContain('forme');
    expect(forms.spellings[2]).toContain('verify');
  });

  it('adds the other number of a noun whose singular and plural the stemmer reads as two words', () => {
    // "gas" stems to "gas", "gases" to "gase": "greenhouse gases" matched no word of "the gas".
    const forms = vocabularyBridges(['Water vapour is the gas that matters.', 'Shell aliases save typing.', 'Doses and viruses.']);
    expect(forms.spellings[0]).toContain('gases');
    expect(forms.aliases.get('gase')).toEqual(['gas']);
    expect(forms.spellings[1]).toContain('alias');
    // "doses" is the plural of "dose", not of "dos"; "viruses" and "virus" share a stem.
    expect(forms.spellings[2]).toEqual([]);
  });

  it('adds no form of an -ance word, nor closed compound, whose stem the chunk already holds', () => {
    // Appended, "refinanced" (stem "refinanc", as "refinancing") counted that stem once more in the
    // chunk that uses both forms: no bridge, a boost.
    expect(vocabularyBridges(['Refinancing costs fees: refinance only when rates fall.']).spellings[0]).toEqual([]);
    expect(vocabularyBridges(['A referenced cell holds the reference.']).spellings[0]).toEqual([]);
    expect(vocabularyBridges(['A nonprofit, like other non-profits.']).spellings[0]).toEqual([]);
    // Its -ing and -ed forms share one stem: one of them bridges.
    expect(vocabularyBridges(['Keep the reference.']).spellings[0]).toEqual(['referencing']);
  });

  it('withSpellings appends them to the texts BM25 indexes, other texts unchanged', () => {
    expect(withSpellings(['a', 'b'], [['x', 'y'], []])).toEqual(['a\nx y', 'b']);
  });
});
