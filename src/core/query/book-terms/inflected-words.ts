/**
 * The book's word that a reader's word inflects where the stemmer does not join the two: the -ves
 * plural ("scarves" → "scarv", "scarf" → "scarf"), and English's irregular nouns ("mice", "teeth",
 * "children", "criteria"), both ways: the reader's "scarf" is the book's "scarves", the reader's
 * "mouse" the book's "mice", the reader's "teeth" the book's "tooth". Irregular verbs were measured
 * and left out: a question's narrated past ("I ran DELETE…", "I drew a ground area", "I forgot the
 * password") read as the book's "run", "draw" or "forget" cost two answers a place and an off-topic
 * question its flag on the seventeen sets (docs/retrieval-quality.md, Round 75).
 * An inflection is the same word, so it is read for English words too, unlike a misspelling.
 * Only a word the book never uses is read at all (`book-forms.ts`), so a book that writes "leave"
 * keeps its own "leaves"; forms that are as often another word are left out of the lists below.
 */
import { stemWord } from '../../common/bm25/index';
import type { BookVocabulary } from '../ports';
import { formsByStem, mostUsedForm, type StemmedForm } from './form-groups';

/**
 * Plural ending → singular ending of the -ves plural, by the letters before the "f" that English
 * turns to "v" (calf, leaf, loaf, scarf, hoof, thief, knife). Other -ves words are regular plurals
 * of a "-ve" word whose "-f" form is another word: "saves"/"safe", "caves"/"cafe", "serves"/"serf",
 * "gives"/"gif", "nerves"/"nerf" — none of these endings.
 */
const VES_ENDINGS: readonly (readonly [string, string])[] = [
  ['lves', 'lf'], ['eaves', 'eaf'], ['oaves', 'oaf'], ['arves', 'arf'], ['ooves', 'oof'], ['ieves', 'ief'], ['ives', 'ife'],
];

/**
 * -ves pairs that are as often two words: "leaves" also leaves (the verb), "lives" lives, "strives"
 * strives (not "strife"), and the -ieves verbs whose noun is no plural of theirs: "believes",
 * "relieves", "grieves" (not "belief", "relief", "grief"; only "thieves" is the -ief noun's).
 * Left out both ways: the reader's "leaf" is not a book's "leave", nor "relief" its "relieves".
 */
const VES_AMBIGUOUS: ReadonlySet<string> = new Set([
  'leaves', 'leaf', 'lives', 'life', 'strives', 'strife', 'believes', 'belief', 'relieves', 'relief', 'grieves', 'grief',
]);

/**
 * English's irregular nouns that the stemmer leaves apart, one word per entry, its forms
 * space-separated: the common ones a reader asks with, not every irregular noun (the list is
 * Worker code). Left out: forms as often another word — "axes" (of axe and of axis), "bases" (of
 * base and of basis), "ellipses", "staves" (to stave off), "people" ("person" is also "personal"),
 * "indices", "vertices" and "matrices" (stemmed "indic", "vertic": "indicate", "vertical") — and
 * forms of two letters or fewer, which weigh nothing ("ox").
 */
const IRREGULAR = [
  'mouse mice', 'tooth teeth', 'foot feet', 'goose geese', 'man men', 'woman women', 'child children',
  'criterion criteria', 'phenomenon phenomena', 'bacterium bacteria', 'fungus fungi', 'larva larvae',
  'formula formulae', 'spectrum spectra', 'analysis analyses', 'crisis crises', 'thesis theses',
  'hypothesis hypotheses', 'diagnosis diagnoses',
];

let groups: Map<string, readonly StemmedForm[]> | null = null;

/** The other form of `word` as an -ves plural or its singular ("scarves" → "scarf", "knife" → "knives"). */
function vesForms(word: string): string[] {
  if (VES_AMBIGUOUS.has(word)) return [];
  const forms: string[] = [];
  for (const [plural, singular] of VES_ENDINGS) {
    // A letter at least before the ending: "elves" is "elf", but "eaves" no plural of "eaf".
    if (word.length > plural.length && word.endsWith(plural)) forms.push(word.slice(0, -plural.length) + singular);
    else if (word.length > singular.length && word.endsWith(singular)) forms.push(word.slice(0, -singular.length) + plural);
  }
  return forms;
}

/**
 * The book word that `word` (as tokenized; `stem` its stem, which the book never uses) inflects
 * where the stemmer does not join them, the one in most chunks; null when none.
 *
 * @example
 * inflectedBookWord('scarf', 'scarf', v); // { stem: 'scarv', word: 'scarves' } (a book that writes "silk scarves")
 * inflectedBookWord('mouse', 'mous', v); // { stem: 'mice', word: 'mice' } (a book that writes "mice")
 */
export function inflectedBookWord(word: string, stem: string, v: BookVocabulary): { stem: string; word: string } | null {
  // The irregular nouns' groups are built once, on first use.
  groups ??= formsByStem(IRREGULAR);
  const candidates = [...vesForms(word).map((form) => ({ stem: stemWord(form), word: form })), ...(groups.get(stem) ?? [])];
  return mostUsedForm(candidates, stem, v, 2);
}
