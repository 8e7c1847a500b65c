/**
 * Ingest-time bridges between a book's spelling and the reader's (see
 * core/common/text/word-variants.ts): every word's other spelling, British ↔ American,
 * kept only when it is an English word, and every accented word without its accents ("cuál" →
 * "cual"), as readers type a book's foreign words, every word in the -ing, -ed or plain "-e" form
 * the stemmer reads as another word ("refinancing" → "refinance", "suing" → "sue"), every "-edness" noun's
 * "-ed" word ("tiredness" → "tired"), every noun's other number where the stemmer splits the two
 * ("gas" ↔ "gases", "parenthesis" ↔ "parentheses"), every "-ant" adjective's "-ancy" noun and back
 * and every "-ier" noun's "-y" word ("pregnancy" ↔ "pregnant", "carrier" → "carry"), every "-ification"
 * noun's "-ify" verb and back, every long "-ation" noun's "-e" verb ("quotation" → "quote"), every hyphenated
 * word closed up ("non-profit" → "nonprofit", "co-signer" → "cosigner") and every two-word compound
 * noun WordNet lists ("hair dryer" → "hairdryer", "web site" → "website"), and every word's clipping
 * that WordNet files in one sense with it ("photograph" → "photo", "laboratory" → "lab"; never the full
 * form beside a clip, clipped-synonyms.ts), these when English
 * words and of a stem the chunk does not hold. BM25 indexes a chunk WITH the other spellings of its words
 * (document side: Qdrant and the embedded store compute the same vectors, queries are untouched,
 * collections ingested before keep working), and the LSA model learns each as an alias of the
 * book's form (lsa-aliases.ts). So are the names of the units the book writes only as symbols
 * ("gram" beside "1.6 g/kg": core/build-time/ingest/unit-names.ts). Closed-compound splitting
 * ("nextcloud" → "next" + "cloud") was measured too and left out: it cost book D MRR (a
 * compound's parts are common words).
 */
import { isStopword, stemWord, tokenizeWords } from '../../core/common/bm25/index';
import { derivationVariants } from '../../core/build-time/ingest/derivation-variants';
import { closedCompounds, inflectionVariants, numberVariants, spellingVariants, withoutAccents } from '../../core/common/text/word-variants';
import { openCompounds } from '../../core/build-time/ingest/open-compounds';
import { unitNames } from '../../core/build-time/ingest/unit-names';
import { clippedSynonyms } from './clipped-synonyms';
import { englishVerbs, englishWords, openCompoundLemmas } from './english-lexicon';

/** What the ingest adds. */
export interface VocabularyBridges {
  /** Per text, the other spellings of its words (each as often as the text uses the word) and the names of its unit symbols (indexed with it). */
  spellings: string[][];
  /** Stem a reader may type → the book stems it stands for (taught to the LSA model as aliases). */
  aliases: Map<string, string[]>;
}

/**
 * The bridges of a corpus (one text per chunk).
 *
 * @example
 * vocabularyBridges(['Set the colour of the prompt']).spellings[0]; // ['color']
 */
export function vocabularyBridges(texts: readonly string[]): VocabularyBridges {
  const { all } = englishWords();
  const verbs = englishVerbs();
  const isVerb = (word: string): boolean => verbs.has(word);
  const compounds = openCompoundLemmas();
  const clipped = clippedSynonyms();
  const units = unitNames(texts);
  const aliases = new Map([...units.aliases].map(([alias, stems]) => [alias, [...stems]]));
  const spellings = texts.map((text, i) => {
    const found = new Set<string>();
    // Another spelling stands for each use of the book's word, not for the first only: appended
    // once, "colour" written six times in a chunk was "color" once, and a reader's American spelling
    // found the chunk that names colour once as readily as the one about colour.
    const repeats: string[] = [];
    const words = tokenizeWords(text);
    const uses = new Map<string, number>();
    for (const word of words) uses.set(word, (uses.get(word) ?? 0) + 1);
    const own = new Set(words);
    const ownStems = new Set([...own].map(stemWord));
    for (const word of own) {
      if (isStopword(word)) continue;
      const unaccented = withoutAccents(word);
      // Without its accents a word is the reader's spelling of it, English or not ("cual", "lapiz").
      // An -ing or -ed form the stemmer reads as another word than the chunk's ("refinance" beside
      // "refinancing"), once: its -ing and -ed forms share one stem. A stem the chunk holds already,
      // in any form ("refinanced" beside "refinance" and "refinancing"), appended, counted once more
      // in the chunk that uses both forms, and "reference" alone had "referenc" twice: a boost, no bridge.
      const stem = stemWord(word);
      const inflected: string[] = [];
      for (const form of [...inflectionVariants(word), ...numberVariants(word, (w) => all.has(w)), ...derivationVariants(word, isVerb)]) {
        const formStem = stemWord(form);
        if (!all.has(form) || isStopword(form) || ownStems.has(formStem)) continue;
        ownStems.add(formStem);
        inflected.push(form);
      }
      const respelled = [...spellingVariants(word).filter((v) => isEnglishForm(v, all)), ...(unaccented ? [unaccented] : [])];
      for (const variant of respelled) for (let n = 1; n < uses.get(word)!; n++) repeats.push(variant);
      for (const variant of [...respelled, ...inflected]) {
        found.add(variant);
        const alias = stemWord(variant);
        if (!alias || !stem || alias === stem) continue;
        const list = aliases.get(alias) ?? [];
        if (!list.includes(stem)) aliases.set(alias, [...list, stem]);
      }
    }
    // A hyphenated word closed up, as readers type it, and an open compound WordNet lists ("hair
    // dryer" → "hairdryer", "web site" → "website"), both when the closed form is an English word:
    // WordNet's open compounds alone closed up "make sure", "mouse button" and "united states" (8,580
    // words over the measured books, none a reader's). The LSA learns each as all of its parts.
    const closedUp = [...closedCompounds(text), ...openCompounds(text).filter(({ open }) => compounds.has(open))];
    for (const { closed, parts } of closedUp) {
      if (!all.has(closed) || isStopword(closed) || ownStems.has(stemWord(closed))) continue;
      found.add(closed);
      const alias = stemWord(closed);
      const stems = parts.filter((part) => !isStopword(part)).map(stemWord).filter((stem) => stem && stem !== alias);
      if (!alias || stems.length === 0) continue;
      aliases.set(alias, [...new Set([...(aliases.get(alias) ?? []), ...stems])]);
    }
    // A word's clipping when WordNet files both in one sense ("photo" beside "photographs",
    // clipped-synonyms.ts): the reader clips what the book writes in full. A book's "lab" gains no
    // "laboratory": clippedSynonyms is keyed by the full form only. Looked up
    // as written and as its singular; once per chunk, as a compound is.
    for (const word of own) {
      const stem = stemWord(word);
      for (const other of clipped.get(word) ?? clipped.get(word.replace(/s$/, '')) ?? []) {
        const alias = stemWord(other);
        // A clip that reads as another word's plural is that word to a reader: "divers" of "diverse".
        if (isStopword(other) || !stem || ownStems.has(alias) || (other.endsWith('s') && all.has(other.slice(0, -1)))) continue;
        ownStems.add(alias);
        found.add(other);
        const list = aliases.get(alias) ?? [];
        if (!list.includes(stem)) aliases.set(alias, [...list, stem]);
      }
    }
    for (const name of units.names[i]!) found.add(name);
    return [...found, ...repeats];
  });
  return { spellings, aliases };
}

/**
 * Whether `word` is an English word, or the "-s" form (a plural, a verb's third person) of one. The
 * lexicon holds WordNet's lemmas and SUBTLEX's everyday forms, so a rarer word's plural is missing:
 * "micrometer" and "millimetre" are in it, "micrometers" and "millimetres" are not, and a book's
 * "micrometres" had no "micrometers" beside it (a reader's American spelling found nothing), nor a
 * book's "optimizes" an "optimises". A singular the lexicon knows is as good a check against an
 * invented spelling ("errours") as the word itself.
 *
 * @example
 * isEnglishForm('micrometers', new Set(['micrometer'])); // true
 */
export function isEnglishForm(word: string, all: ReadonlySet<string>): boolean {
  return all.has(word) || (word.endsWith('s') && all.has(word.slice(0, -1)));
}

/**
 * The texts BM25 indexes: each with the other spellings of its words appended.
 *
 * @example
 * withSpellings(['the colour'], [['color']]); // ['the colour\ncolor']
 */
export function withSpellings(texts: readonly string[], spellings: readonly (readonly string[])[]): string[] {
  return texts.map((text, i) => (spellings[i]?.length ? `${text}\n${spellings[i]!.join(' ')}` : text));
}
