/**
 * Other spellings of a book's words that a reader may type: British ↔ American spelling
 * ("color" ↔ "colour", "recognized" ↔ "recognised", "center" ↔ "centre"). Used at ingest, on the
 * document side, so no query is rewritten and BM25 query vectors stay exactly Qdrant's (the caller
 * keeps the candidates its English word list knows: an invented "errour" from "error" is never
 * added), and by a result's highlight, which finds the reader's "randomization" in the book's
 * "randomisation" as the index did.
 */

/** Suffix pairs, American first; each is tried in both directions. Longest first per family. */
const SUFFIX_PAIRS: readonly (readonly [string, string])[] = [
  // -ize / -ise and their derived forms (organization / organisation, recognizing / recognising)
  ['ization', 'isation'], ['izations', 'isations'], ['izing', 'ising'], ['ized', 'ised'], ['izes', 'ises'], ['izer', 'iser'], ['izers', 'isers'], ['ize', 'ise'],
  ['yzing', 'ysing'], ['yzed', 'ysed'], ['yzes', 'yses'], ['yze', 'yse'],
  // -or / -our (color, behavior, favorite: the -our- form also occurs mid-word)
  ['ors', 'ours'], ['ored', 'oured'], ['oring', 'ouring'], ['orful', 'ourful'], ['orite', 'ourite'], ['orites', 'ourites'], ['or', 'our'],
  // -er / -re (center, meter, fiber)
  ['ers', 'res'], ['er', 're'],
  // -ense / -ence (license, defense), -og / -ogue (catalog, dialog)
  ['ense', 'ence'], ['enses', 'ences'], ['og', 'ogue'], ['ogs', 'ogues'],
  // single / double l before a suffix (labeled / labelled, modeling / modelling)
  ['eled', 'elled'], ['eling', 'elling'], ['eler', 'eller'], ['elers', 'ellers'], ['aled', 'alled'], ['aling', 'alling'],
];

/**
 * Spellings of `word` under the other convention (none of them checked against a dictionary).
 *
 * @example
 * spellingVariants('colours'); // ['colors']
 * spellingVariants('recognized'); // ['recognised']
 */
export function spellingVariants(word: string): string[] {
  const out = new Set<string>();
  for (const [us, uk] of SUFFIX_PAIRS) {
    for (const [from, to] of [[us, uk], [uk, us]] as const) {
      // A stem of at least three letters: "or" → "our" must not turn "for" into "four".
      if (word.length - from.length >= 3 && word.endsWith(from)) out.add(word.slice(0, -from.length) + to);
    }
  }
  out.delete(word);
  return [...out];
}
