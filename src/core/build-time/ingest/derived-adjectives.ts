/**
 * Build time: the everyday adjectives English derives from a noun by a suffix ("windy" of "wind",
 * "rainy" of "rain", "wavy" of "wave", "accidental" of "accident", "poisonous" of "poison",
 * "friendly" of "friend"), paired both ways: a reader writes the adjective where the book writes the
 * noun ("is it safe to paddle on a windy day" of a book that says "in strong wind"), or the noun
 * where the book writes the adjective ("moved by accident" of a book about "accidental moves").
 * Snowball reads the two as words of their own ("windi"/"wind", "accident"/"accidental"), and the
 * query side reads a suffixed form as the book's word only when it is no English word ("laggy",
 * book-forms.ts), so an English one matched nothing. A spelling rule alone pairs too much ("ready" →
 * "read", "busy" → "bus", "handy" → "hand", "factory" → "factor"), so a pair is kept only when WordNet
 * links the two words derivationally (its "+" pointer): the parsing here is pure, the files are read
 * in cli/ingest/english-lexicon.ts.
 */

/** Suffixes that make an adjective of a noun or verb. */
const ADJECTIVE_SUFFIXES = ['y', 'al', 'ial', 'ic', 'ical', 'ous', 'ful', 'ly'] as const;

/**
 * The words an adjective may be written from by one of {@link ADJECTIVE_SUFFIXES}: the adjective
 * less it, with a doubled final consonant undone ("sunny" → "sun") or an "e" back ("wavy" →
 * "wave"); bases of three letters or more.
 *
 * @example
 * adjectiveBases('sunny'); // ['sunn', 'sun', 'sunne']
 * adjectiveBases('accidental'); // ['accident', 'accidente']
 */
export function adjectiveBases(adjective: string): string[] {
  const bases = new Set<string>();
  for (const suffix of ADJECTIVE_SUFFIXES) {
    const rest = adjective.slice(0, -suffix.length);
    if (!adjective.endsWith(suffix) || !/^[a-z]{3,}$/.test(rest)) continue;
    bases.add(rest);
    if (/([bdgklmnprtz])\1$/.test(rest)) bases.add(rest.slice(0, -1));
    bases.add(`${rest}e`);
  }
  return [...bases];
}

/** One adjective of a WordNet adjective synset, with the noun and verb synsets its "+" pointers reach. */
export interface AdjectiveLink {
  adjective: string;
  /** Each target synset as its part of speech and offset: "n11546388", "v01234567". */
  targets: string[];
}

/**
 * The adjectives of one line of WordNet's `data.adj`, each with the noun and verb synsets its
 * own derivational pointers reach (a pointer names its source word by number; "0000" pointers are
 * the whole synset's, never derivational). Lines of other shapes give nothing.
 *
 * @example
 * adjectiveLinks('00983576 00 s 01 windy 0 002 & 00979699 a 0000 + 11546388 n 0101 | …');
 * // [{ adjective: 'windy', targets: ['n11546388'] }]
 */
export function adjectiveLinks(line: string): AdjectiveLink[] {
  const fields = line.split(' ');
  const count = parseInt(fields[3] ?? '', 16);
  if (!/^\d{8}$/.test(fields[0] ?? '') || !(count > 0)) return [];
  const words = Array.from({ length: count }, (_, i) => (fields[4 + 2 * i] ?? '').replace(/\(.*\)$/, '').toLowerCase());
  const links = words.map((adjective) => ({ adjective, targets: [] as string[] }));
  let at = 4 + 2 * count;
  const pointers = parseInt(fields[at] ?? '', 10);
  at++;
  for (let p = 0; p < pointers; p++, at += 4) {
    const [symbol, offset, pos, sourceTarget] = fields.slice(at, at + 4);
    if (symbol !== '+' || (pos !== 'n' && pos !== 'v') || !sourceTarget) continue;
    const source = parseInt(sourceTarget.slice(0, 2), 16);
    if (source > 0 && source <= count) links[source - 1]!.targets.push(`${pos}${offset}`);
  }
  return links.filter((link) => /^[a-z]+$/.test(link.adjective) && link.targets.length > 0);
}

/**
 * The offsets of one line of WordNet's `index.noun` or `index.verb`: the lemma and the synsets it
 * names (the line's last `synset_cnt` fields), keyed as {@link AdjectiveLink} targets are.
 *
 * @example
 * indexSynsets('wind n 2 1 @ 2 0 11546388 05065395', 'n'); // { lemma: 'wind', synsets: ['n11546388', 'n05065395'] }
 */
export function indexSynsets(line: string, pos: 'n' | 'v'): { lemma: string; synsets: string[] } | null {
  if (!line || line.startsWith(' ')) return null;
  const fields = line.trim().split(' ');
  const count = parseInt(fields[2] ?? '', 10);
  if (!(count > 0) || fields.length < count + 4) return null;
  return { lemma: fields[0]!.toLowerCase(), synsets: fields.slice(-count).map((offset) => `${pos}${offset}`) };
}

/**
 * How often, at least, readers say the adjective for each time they say its base, in everyday
 * English (SUBTLEX counts). WordNet derives "showy" from "show", "needy" from "need", "boxy" from
 * "box" and "heady" from "head", and a manual writes those bases hundreds of times: every chunk that
 * shows a box would be indexed as "showy" and "boxy", for no reader. An adjective readers use is
 * common beside its base ("windy" 4% of "wind", "lucky" 93% of "luck", "wavy" 2.6% of "wave"); those
 * are rare ("showy" 0.06% of "show", "needy" 0.2%, "boxy" 0.2%). The count is the spelling's, not the
 * sense's: "mighty" is 5% of "might", the modal verb's uses included, so it passes, and each chunk
 * that says "you might" is indexed as "mighty" too (harmless but for the index's size: few readers
 * ask a textbook anything "mighty").
 */
export const EVERYDAY_SHARE = 0.02;

/**
 * The adjectives WordNet derives from a noun or verb that they are spelt from by a suffix, by base:
 * "wind" → ["windy"], "wave" → ["wavy"], "accident" → ["accidental"], each said at least {@link EVERYDAY_SHARE} as often as its
 * base. `links` are `data.adj`'s adjectives (from {@link adjectiveLinks}), `synsetsOf` a noun's or verb's synsets (from
 * {@link indexSynsets}), `everydayCount` a word's count in everyday English (0 when unknown).
 *
 * @example
 * derivedAdjectivesByBase(dataAdjLines.flatMap(adjectiveLinks), (lemma) => nounAndVerbSynsets.get(lemma) ?? [], subtlexCount).get('wind'); // ['windy']
 */
export function derivedAdjectivesByBase(links: Iterable<AdjectiveLink>, synsetsOf: (lemma: string) => readonly string[], everydayCount: (word: string) => number): Map<string, string[]> {
  const byBase = new Map<string, string[]>();
  for (const { adjective, targets } of links) {
    const said = everydayCount(adjective);
    for (const base of adjectiveBases(adjective)) {
      if (said === 0 || said < EVERYDAY_SHARE * everydayCount(base)) continue;
      if (!synsetsOf(base).some((synset) => targets.includes(synset))) continue;
      const list = byBase.get(base) ?? [];
      if (!list.includes(adjective)) byBase.set(base, [...list, adjective]);
    }
  }
  return byBase;
}
