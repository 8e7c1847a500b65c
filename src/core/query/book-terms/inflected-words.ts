/**
 * The book's word that a reader's word inflects where the stemmer does not join the two: the -ves
 * plural ("scarves" → "scarv", "scarf" → "scarf"), and English's irregular nouns and verbs
 * ("mice", "teeth", "ran", "wrote", "froze"), both ways: the reader's "scarf" is the book's
 * "scarves", the reader's "ran" the book's "run" or "running", the reader's "run" the book's "ran".
 * An inflection is the same word, so it is read for English words too, unlike a misspelling.
 * Only a word the book never uses is read at all (`book-forms.ts`), so a book that writes "leave"
 * keeps its own "leaves"; forms that are as often another word are left out of the lists below.
 */
import { stemWord } from '../../common/bm25/index';
import type { BookVocabulary } from '../ports';

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
 * strives (not "strife"). Left out both ways: the reader's "leaf" is not a book's "leave".
 */
const VES_AMBIGUOUS: ReadonlySet<string> = new Set(['leaves', 'leaf', 'lives', 'life', 'strives', 'strife']);

/**
 * English's irregular nouns and verbs that the stemmer leaves apart, one word per entry, its forms
 * space-separated (an -ing or regular -s form stems to one of them: "running" → "run"): the common
 * ones a reader asks with, not every irregular word (the list is Worker code: ~0.6 KiB gzip). Left out:
 * forms as often another word — "saw" (the tool), "left" (the side), "found" (to found), "felt"
 * (the cloth), "lay"/"lie", "wound"/"wind", "ground", "bound", "rose", "bore"/"born", "led" (LED),
 * "fed" (the Fed), "spoke" (a wheel's), "spelt" (the grain), "smelt", "meant"/"mean" (the
 * average), "bit", "sat" (SAT), "shot", "stuck", "tore"/"torn"/"tear" (a tear), "dove",
 * "rang"/"rung", "sprang"/"sprung"/"spring", "axes" (of axe and of axis), "bases" (of base and of
 * basis), "ellipses", "staves" (to stave off), "people" ("person" is also "personal"), "indices",
 * "vertices" and "matrices" (stemmed "indic", "vertic": "indicate", "vertical") —; the light verbs
 * make, take, give, come, become, see, know and think, whose other forms mostly say something else
 * ("known issues", "made of", "given", "taken", "seen as", a thought: "hide a design rule error I
 * know is fine", read as a KiCad manual's "known", lost its answer from 3rd to 5th); and forms of
 * two letters or fewer, which weigh nothing ("go", "ox").
 */
const IRREGULAR = [
  // nouns
  'mouse mice', 'tooth teeth', 'foot feet', 'goose geese', 'man men', 'woman women', 'child children',
  'criterion criteria', 'phenomenon phenomena', 'bacterium bacteria', 'fungus fungi', 'larva larvae',
  'formula formulae', 'spectrum spectra', 'analysis analyses', 'crisis crises', 'thesis theses',
  'hypothesis hypotheses', 'diagnosis diagnoses',
  // verbs
  'run ran', 'write wrote written', 'freeze froze frozen', 'buy bought', 'teach taught',
  'catch caught', 'fall fell fallen', 'hide hid hidden', 'shake shook shaken', 'bring brought',
  'fight fought', 'seek sought', 'build built', 'send sent', 'spend spent', 'lend lent', 'bend bent',
  'keep kept', 'sleep slept', 'sweep swept', 'deal dealt', 'dream dreamt', 'burn burnt', 'learn learnt',
  'spill spilt', 'spoil spoilt', 'lose lost', 'pay paid', 'sell sold', 'tell told', 'hold held', 'stand stood',
  'understand understood', 'meet met', 'win won', 'hang hung', 'dig dug', 'strike struck', 'spin spun',
  'swing swung', 'sting stung', 'bleed bled', 'breed bred', 'speed sped', 'slide slid', 'light lit',
  'hear heard', 'eat ate eaten', 'grow grew grown', 'throw threw thrown', 'blow blew blown', 'fly flew flown',
  'draw drew drawn',
  'break broke broken', 'choose chose chosen', 'drive drove driven', 'ride rode ridden', 'rise risen',
  'arise arose arisen', 'steal stole stolen', 'forget forgot forgotten', 'begin began begun', 'bite bitten',
  'wake woke woken', 'wear wore worn', 'weave wove woven', 'sew sewn', 'sow sown', 'swell swollen',
  'swim swam swum', 'sing sang sung', 'drink drank drunk', 'shrink shrank shrunk', 'sink sank sunk',
  'speak spoken', 'mistake mistook mistaken',
];

let groupsByStem: Map<string, readonly string[][]> | null = null;

/** Each stem of a form in {@link IRREGULAR} → the lines it is on (built once, on first use). */
function irregularGroups(): Map<string, readonly string[][]> {
  if (groupsByStem) return groupsByStem;
  const byStem = new Map<string, string[][]>();
  for (const line of IRREGULAR) {
    const forms = line.split(' ');
    for (const form of forms) {
      const stem = stemWord(form);
      const lines = byStem.get(stem) ?? [];
      if (!lines.includes(forms)) byStem.set(stem, [...lines, forms]);
    }
  }
  return (groupsByStem = byStem);
}

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
 * inflectedBookWord('ran', 'ran', v); // { stem: 'run', word: 'run' } (a book that writes "running")
 */
export function inflectedBookWord(word: string, stem: string, v: BookVocabulary): { stem: string; word: string } | null {
  const candidates = [...vesForms(word), ...(irregularGroups().get(stem) ?? []).flat()];
  let best: { stem: string; word: string } | null = null;
  let bestDf = 0;
  for (const form of candidates) {
    const formStem = stemWord(form);
    if (formStem === stem || formStem.length <= 2) continue;
    const df = v.df(formStem);
    if (df > bestDf) {
      best = { stem: formStem, word: form };
      bestDf = df;
    }
  }
  return best;
}
