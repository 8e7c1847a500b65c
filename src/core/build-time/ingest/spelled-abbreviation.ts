/**
 * Abbreviations a prose line spells out, wherever in the line: "the Driver Standards Agency (DSA)",
 * "DSA (Driver Standards Agency)", "**CIGAR**: Controls, Instruments, Gas, Attitude, Runup", "DSA
 * stands for Driver Standards Agency". The line that says what an abbreviation's letters are is the
 * one that defines it; a line that only names it among others ("the glossary explains CIGAR, DSA
 * and the rest") spells nothing out. The emphasis reader (defined-terms.ts) already finds these
 * shapes on a bold term that opens a glossary line; in a sentence, or unmarked, they defined
 * nothing, and a definition question ("what does DSA stand for") had no defining chunk to favour.
 * The test of the letters is bracketed-alias.ts's (`abbreviates`): the initials of the words, or
 * runs of letters opening each word, in order.
 */
import { splitWords } from '../../common/bm25/index';
import { abbreviates, hasTwoCapitals } from './bracketed-alias';
import { INLINE_MARKS } from './copula-subject';

/**
 * An abbreviation as written: a capital, then 1–9 letters or digits, with at least two capitals
 * (`hasTwoCapitals`, tested after the match), "DSSSM", "DoD", "ECG"; a word of one capital ("Mirrors")
 * is no abbreviation, nor a unit symbol opening lowercase ("mAh"), which bracketed-alias.ts reads.
 */
const ABBREVIATION = '([\\p{Lu}][\\p{L}\\d]{1,9})';
const WHOLE_ABBREVIATION = new RegExp(`^${ABBREVIATION}$`, 'u');
/** "Full Name (ABBR)": the abbreviation alone in brackets after the words it spells, set apart from them (no call's "f(ARG)"). */
const AFTER_ITS_WORDS = new RegExp(`\\s\\(\\s*${ABBREVIATION}\\s*\\)`, 'gu');
/** "ABBR (Full Name)": the words in brackets after it. */
const BEFORE_BRACKET = new RegExp(`(?<![\\p{L}\\d])${ABBREVIATION}\\s*\\(([^()\\n]{3,120})\\)`, 'gu');
/**
 * "ABBR: Full, Name", "ABBR — Full Name", "ABBR = …", "ABBR stands for / is short for / is an
 * abbreviation of …": its words follow.
 */
const BEFORE_ITS_WORDS = new RegExp(
  `(?<![\\p{L}\\d])${ABBREVIATION}(?:\\s*(?::|=|—|–|\\s-\\s)|\\s+(?:stands\\s+for|is\\s+short\\s+for|short\\s+for|is\\s+an?\\s+(?:abbreviation|acronym)\\s+(?:of|for)))\\s*([^\\n]{3,160})`,
  'gu',
);
/**
 * How many characters before a bracketed abbreviation its words are looked for: ample for the words
 * of any name (the words after one are held to 160 by the patterns), and a line of 100,000 words
 * is not split again for each bracket in it.
 */
const SPELLING_REACH = 200;
/** The clause a spelt-out name stays inside: a sentence end, a semicolon or a bracket ends it. */
const CLAUSE_END = /[.;!?()[\]]\s|[.;!?]$|[()[\]]/u;

/**
 * The words of `text` two ways: split as the index splits them ("Anti-lock" → "Anti", "lock"), and
 * whole between spaces ("Anti-lock", whose initial alone gives the A of ABS).
 */
function wordings(text: string): string[][] {
  const whole = text.split(/\s+/).map((word) => word.replace(/^[^\p{L}\d]+|[^\p{L}\d]+$/gu, '')).filter(Boolean);
  return [splitWords(text), whole];
}

/**
 * Whether `words` spell `name`; one word only when it is longer than the name by more than two
 * letters ("ECG: electrocardiogram"), so that "IT: it runs …" or "US (us)" is no spelling.
 */
function spelledBy(name: string, words: readonly string[]): boolean {
  if (words.length === 1 && words[0]!.length <= name.length + 2) return false;
  return abbreviates(name, words);
}

/**
 * Whether a run of words spells `name`: the first words of `text`'s first clause (`end` 'lead', for
 * the words after the name) or the last words of its last clause (`end` 'tail', for those before it).
 */
function spelledAt(name: string, text: string, end: 'lead' | 'tail'): boolean {
  const clauses = text.split(CLAUSE_END);
  const clause = (end === 'lead' ? clauses[0] : clauses[clauses.length - 1]) ?? '';
  return wordings(clause).some((words) => {
    for (let count = 1; count <= Math.min(words.length, 2 * name.length + 2); count++) {
      if (spelledBy(name, end === 'lead' ? words.slice(0, count) : words.slice(-count))) return true;
    }
    return false;
  });
}

/**
 * The abbreviations one prose line spells out (see the module comment), each once, as written.
 *
 * @example
 * spelledAbbreviations('Run it as **CIGAR**: Controls, Instruments, Gas, Attitude, Runup.'); // ['CIGAR']
 * spelledAbbreviations('Ask the Driver Standards Agency (DSA) first.'); // ['DSA']
 * spelledAbbreviations('The glossary explains CIGAR, DSA and the rest.'); // []
 */
export function spelledAbbreviations(line: string): string[] {
  // Code is no prose: "`quote_nullable(NULL)`" is a call, its argument no abbreviation of its name.
  // A span of one abbreviation is its name set in code ("`TEMPO` (temporary)"), read as written.
  const text = line.replace(/`([^`\n]*)`/g, (_, code: string) => (WHOLE_ABBREVIATION.test(code) ? code : ' ')).replace(INLINE_MARKS, '').replace(/(^|[\s(])[*_]+|[*_]+(?=[\s):,.;]|$)/g, '$1');
  const found = new Set<string>();
  for (const match of text.matchAll(AFTER_ITS_WORDS)) {
    const name = match[1]!;
    if (hasTwoCapitals(name) && spelledAt(name, text.slice(Math.max(0, match.index! - SPELLING_REACH), match.index), 'tail')) found.add(name);
  }
  // The name first, its words after it: in brackets, or after a colon, a dash or "stands for".
  for (const match of [...text.matchAll(BEFORE_BRACKET), ...text.matchAll(BEFORE_ITS_WORDS)]) {
    const name = match[1]!;
    if (hasTwoCapitals(name) && spelledAt(name, match[2]!, 'lead')) found.add(name);
  }
  return [...found];
}
