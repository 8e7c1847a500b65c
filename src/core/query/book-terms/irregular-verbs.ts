/**
 * English's irregular verbs, for the term rule only: a question's "I ran out of air" uses the book's
 * "run" ("Running out of air is almost always preventable"), but the stemmer keeps "ran" apart, so the
 * rule weighed "ran" as a subject the book lacks and called the question off-topic with its answer
 * first. Reading the verb as the book's word for the search was measured and left out (Round 75: a
 * narrated past is mostly no word of the answer, and pulled chunks that use the verb for other
 * reasons), so the search still reads the question as written; only the judgement "does the book
 * cover this?" (and `--gaps`, which lists the words it finds missing) counts the verb as the book's.
 */
import type { BookVocabulary } from '../ports';
import { formsByStem, mostUsedForm, type StemmedForm } from './form-groups';

/**
 * One verb per entry, its forms space-separated: the common ones a reader narrates with. Left out:
 * forms as often another word ("saw", "left", "found", "felt", "lay"/"lie", "wound", "ground", "rose",
 * "led", "fed", "spoke", "meant", "bit", "sat", "shot", "tore", "lit", "dove", "bound", "won"), and
 * forms the stemmer already joins ("hit", "cut", "put", "set").
 */
const IRREGULAR_VERBS = [
  'run ran', 'write wrote written', 'freeze froze frozen', 'buy bought', 'catch caught', 'fall fell fallen',
  'hide hid hidden', 'shake shook shaken', 'break broke broken', 'choose chose chosen', 'drive drove driven',
  'eat ate eaten', 'forget forgot forgotten', 'begin began begun', 'bring brought', 'build built',
  'draw drew drawn', 'drink drank drunk', 'fly flew flown', 'grow grew grown', 'hold held', 'keep kept',
  'lose lost', 'ring rang rung', 'sell sold', 'send sent', 'sing sang sung', 'sink sank sunk', 'sleep slept',
  'spend spent', 'steal stole stolen', 'swim swam swum', 'teach taught', 'throw threw thrown',
  'wake woke woken', 'wear wore worn', 'go went gone', 'take took taken', 'give gave given', 'come came',
  'know knew known', 'think thought', 'make made', 'get got gotten', 'tell told', 'say said', 'blow blew blown',
  'bleed bled', 'pay paid', 'stick stuck', 'hang hung', 'dig dug', 'fight fought', 'bend bent', 'burn burnt',
  'shrink shrank shrunk', 'sting stung', 'swing swung', 'strike struck', 'bite bitten', 'swell swollen',
  'weep wept', 'sweep swept',
];

let groups: Map<string, readonly StemmedForm[]> | null = null;

/**
 * The book's stem for the irregular verb that `stem` is a form of (`stem`: a question word's, which
 * the book never uses): of the verb's other forms, the one in most chunks; null when the book
 * writes none of them.
 *
 * @example
 * irregularVerbBookStem('ran', v); // 'run' (a book that writes "run" or "running")
 * irregularVerbBookStem('ran', w); // null (a book that writes no form of "run")
 */
export function irregularVerbBookStem(stem: string, v: BookVocabulary): string | null {
  // Built once, on first use.
  groups ??= formsByStem(IRREGULAR_VERBS);
  return mostUsedForm(groups.get(stem) ?? [], stem, v)?.stem ?? null;
}
