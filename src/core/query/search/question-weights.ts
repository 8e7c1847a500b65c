/**
 * How a question's words weigh in a highlight, and which word of a chunk counts as which of them:
 * by stem, by the book's other spelling, by a stopword the question writes in capitals, or through
 * the owner's synonyms file.
 */
import { ampersandNameRuns, analyzeText, capitalStopwords, joinedStopwords, stemWord } from '../../common/bm25/index';
import { synonymPairs } from '../../common/text/synonym-pairs';
import { inflectionVariants, numberForms, spellingVariants, withoutAccents } from '../../common/text/word-variants';
import { questionFrameWeights } from './question-frame';

/**
 * "How many X", "how much X": the quantifier asks for a number and is no word of the answer, which
 * gives the number; marked, it made a passage's highlight "**Many** brewers simply sprinkle it on
 * the wort" for "how many calories are in a pint". Only the highlight leaves it out: the search
 * keeps it, since a heading that asks the same ("How many trials?") is the section that answers
 * (left out there too, a robotics question lost that section, docs/retrieval-quality.md).
 */
const QUANTITY_FRAME = /\bhow\s+(many|much)\b/gi;

/**
 * Weight of each informative stem of the question: `rarity(stem)` (its IDF in the book) when
 * given and positive, else 1. The words of the question's frame ("mean" in "what does IBU mean",
 * "find" in "where do I find …": question-frame.ts) are left out, as the search leaves them out:
 * marked, they made the highlight of a chunk found for other reasons "… usually **means** soap on
 * the glass"; so is the quantifier of "how many" and "how much" ({@link QUANTITY_FRAME}).
 * Stopwords carry none, unless the question writes them in capitals
 * (SQL's `WHERE`, as the keyword search reads them: capital-stopwords.ts): those are keyed by the
 * stem in capitals, so only a word the chunk writes in capitals matches them, and each weighs as
 * much as the question's rarest other word (the book's vocabulary holds no stopword to weigh).
 * So does a run of stopwords the question joins by hyphens (chess's "O-O"), keyed whole ("o-o").
 *
 * @example
 * questionWeights('How do I publish a message?'); // Map { 'publish' => 1, 'messag' => 1 }
 * questionWeights('WHERE versus HAVING'); // Map { 'versus' => 1, 'WHERE' => 1, 'HAVE' => 1 }
 * questionWeights('what does IBU mean?'); // Map { 'ibu' => 1 }
 */
export function questionWeights(question: string, rarity?: (stem: string) => number): Map<string, number> {
  const weights = new Map<string, number>();
  const frame = questionFrameWeights(question);
  const quantity = new Set([...question.matchAll(QUANTITY_FRAME)].map((m) => stemWord(m[1]!.toLowerCase())));
  for (const stem of analyzeText(question)) {
    if (weights.has(stem) || frame.get(stem) === 0 || quantity.has(stem)) continue;
    const w = rarity?.(stem) ?? 1;
    weights.set(stem, w > 0 ? w : 1);
  }
  const capitals = capitalStopwords(question);
  const joined = joinedStopwords(question);
  const named = ampersandNameRuns(question);
  if (capitals.length > 0 || joined.length > 0 || named.length > 0) {
    const weight = Math.max(1, ...weights.values());
    for (const stem of capitals) weights.set(stem.toUpperCase(), weight);
    // Stopwords joined by hyphens ("o-o", joined-stopwords.ts) are keyed whole, as the search reads them.
    for (const run of joined) weights.set(run, weight);
    // So are short names joined by "&" ("c&r", ampersand-names.ts), and their letters are none of
    // the question's words unless it writes them apart too: "what does C&R stand for" marked the "C"
    // of a chunk's "18 °C".
    // The runs are blanked where the search found them: a pattern of its own to find them again
    // backtracked over every run of letters (12 s on a 100 K-character question, 5–10 ms at the
    // 2,000 allowed), and could read a run other than the search's.
    if (named.length > 0) {
      let rest = question;
      for (const { index, run } of named) rest = `${rest.slice(0, index)}${' '.repeat(run.length)}${rest.slice(index + run.length)}`;
      const apart = new Set(analyzeText(rest));
      for (const { run } of named) for (const stem of analyzeText(run)) if (!apart.has(stem)) weights.delete(stem);
      for (const { run } of named) weights.set(run, weight);
    }
  }
  return weights;
}

/** The key a word `written` so matches in `weights`: its stem, or its stem in capitals ({@link questionWeights}) when written in capitals. */
export function matchedKey(written: string, stem: string, weights: ReadonlyMap<string, number>): string | null {
  if (weights.has(stem)) return stem;
  const upper = stem.toUpperCase();
  return upper !== stem && weights.has(upper) && written.length > 1 && written === written.toUpperCase() ? upper : null;
}

/**
 * `weights` plus the stems of the book phrases a chunk was indexed under a reader's phrase for (its
 * payload's `synonyms` and `synonym_of`, from the owner's synonyms file), for each reader phrase the
 * question uses whole: "rename my computer" then marks "hostname" in a chunk found through
 * "rename computer => hostname". A book stem weighs what the rarest stem of its reader phrase does.
 *
 * @example
 * withSynonymStems(questionWeights('rename my computer'), { synonyms: ['rename computer'], synonym_of: ['hostname'] });
 * // Map { 'renam' => 1, 'comput' => 1, 'hostnam' => 1 }
 */
export function withSynonymStems(weights: ReadonlyMap<string, number>, payload: Readonly<Record<string, unknown>> | undefined): ReadonlyMap<string, number> {
  let out: Map<string, number> | null = null;
  for (const { reader, book } of synonymPairs(payload)) {
    if (reader.length === 0 || !reader.every((stem) => weights.has(stem))) continue;
    const weight = Math.max(...reader.map((stem) => weights.get(stem)!));
    for (const stem of book) if (!weights.has(stem) && !out?.has(stem)) (out ??= new Map(weights)).set(stem, weight);
  }
  return out ?? weights;
}

/**
 * The stem `word` counts as: its own, or, when that is not the question's, the stem of its other
 * spelling that is (the book's "randomisation" for the reader's "randomization": ingest indexed
 * each chunk with both, so that is how this chunk matched), of its inflected or plain form or its
 * other number the stemmer reads as another word (the book's "suing" for the reader's "sue", "gas"
 * for "gases"), or of the word without its accents.
 * A word is read as NFKC reads it, as
 * the tokenizer indexed it: the book's "co₂" is the question's "co2".
 */
export function questionStem(word: string, weights: ReadonlyMap<string, number>): string {
  // The book's "co₂" is indexed as "co2" (NFKC, as the question arrives), and counts as that.
  const own = stemWord(word.normalize('NFKC'));
  if (weights.has(own)) return own;
  // Ingest also indexed each accented word without its accents: the book's "cuál" is the reader's "cual".
  const unaccented = withoutAccents(word);
  // And its -ing, -ed or plain form, or its other number, that the stemmer reads as another word: the
  // book's "suing" ("su") is the reader's "sue", its "gas" the reader's "gases" ("gase"), as ingest
  // indexed them (vocabulary-bridges.ts).
  for (const variant of [...spellingVariants(word), ...inflectionVariants(word), ...numberForms(word), ...(unaccented ? [unaccented] : [])]) {
    const stem = stemWord(variant);
    if (weights.has(stem)) return stem;
  }
  return own;
}
