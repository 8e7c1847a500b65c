/**
 * A defined term's other name in brackets, so that each name is a term of its own: a glossary's
 * "**Cone (pyrometric cone)**: …", "**RAM (random access memory)**: …" or "**Bisque (or biscuit)**"
 * defines "cone" and "pyrometric cone", not one key "cone pyrometr cone" that no question asks.
 * Only a bracket that names the same thing is split off: one token (an abbreviation, "(URDF)",
 * "(kcal)", or another name, "(overlocker)"), the words an abbreviation stands for, a longer name
 * ending in the same noun, or an "or …" alternative. Any other bracket qualifies the term, as an
 * option list's items do ("Payment (principal and interest)", "Levels (Matting Levin only)", "Rate
 * (ms)", "Primer (optional)", "Filter(s)"), and the whole phrase stays one key as before.
 */
import { stemWord, tokenizeWords } from '../../common/bm25/index';

/**
 * The name, then what is in its closing brackets. The name ends on a non-space (`.*?\S`, not `.+?`),
 * so the spaces before the bracket are read once, not again from each character of a long line.
 */
const BRACKETED = /^(.*?\S)\s*\(([^()]{1,60})\)$/u;
/** One token: an abbreviation such as "IK", "URDF", "SiO2" or "C++". */
const ONE_TOKEN = /^[\p{L}\d][\p{L}\d.+-]{0,11}$/u;
/** "or biscuit", "also turning", "also called turning", "aka turning": an alternative name. */
const ALTERNATIVE = /^(?:or|also(?:\s+(?:called|known\s+as))?|aka|a\.k\.a\.)\s+/i;
/**
 * "Setting(s)", "Edge(es)": a plural mark glued to the word, which the letter test below would read
 * as an abbreviation of a name that opens with its letter. Set apart, "Second (s)" is a unit's symbol.
 */
const PLURAL_MARK = /\p{L}\((?:s|es)\)$/u;
/** Words that qualify a term in brackets, never another name for it ("Primer (optional)"). */
const QUALIFIERS = /^(?:optional|required|recommended|default|deprecated|experimental|advanced|obsolete|archaic|informal|formal|slang|colloquial|plural|singular|approx|approximate|approximately|estimated|legacy|beta|alpha|new|old)$/i;
/**
 * "Primer (or similar)", "Sandpaper (or finer grit)", "Two coats (or more)": an "or" that widens the
 * term, no other name for it: a word of likeness or quantity, or a common comparative, opens it
 * ("or water glass" and "or butter" still name one).
 */
const WIDENING = /^(?:similar|equivalent|alike|other|others|another|any|more|less|fewer|so|both|either|whichever|above|below|better|worse|greater|larger|smaller|bigger|higher|lower|finer|coarser|thicker|thinner|longer|shorter|newer|older|later|earlier)\b/i;

/**
 * The term `raw` names and its bracketed other name, when the bracket holds one (see the module
 * comment); `[raw]` otherwise, or `[name]` alone for an abbreviation whose words are too many to be a term.
 *
 * @example
 * nameAndAlias('Inverse kinematics (IK)'); // ['Inverse kinematics', 'IK']
 * nameAndAlias('Cone (pyrometric cone)'); // ['Cone', 'pyrometric cone']
 * nameAndAlias('RAM (random access memory)'); // ['RAM', 'random access memory']
 * nameAndAlias('Payment (principal and interest)'); // ['Payment (principal and interest)']
 * nameAndAlias('POLST (Physician Orders for Life-Sustaining Treatment)'); // ['POLST']
 */
export function nameAndAlias(raw: string, maxWords: number): [string] | [string, string] {
  const match = BRACKETED.exec(raw.trim());
  if (!match) return [raw];
  const name = match[1]!.trim();
  const inner = match[2]!.trim();
  if (ONE_TOKEN.test(inner)) return qualifier(name, inner) || PLURAL_MARK.test(raw) ? [raw] : [name, inner];
  const alias = inner.replace(ALTERNATIVE, '').trim();
  if (alias !== inner && WIDENING.test(alias)) return [raw];
  const words = tokenizeWords(alias);
  if (words.length === 0) return [raw];
  // An abbreviation's words are held to the limit without their small linking words: "MVHR
  // (mechanical ventilation with heat recovery)" names four things, and kept whole it was too long
  // to be a term at all.
  if (abbreviates(name, words)) {
    if (contentWords(words).length <= maxWords) return [name, alias];
    // Spelt out by more words than a term may have ("POLST (Physician Orders for Life-Sustaining
    // Treatment)"): the abbreviation is still a name readers ask about; kept with its words, the
    // line was one phrase too long to be a term and defined nothing.
    return [name];
  }
  if (words.length > maxWords) return [raw];
  const alternative = alias !== inner;
  return alternative || sameHead(name, words) ? [name, alias] : [raw];
}

/**
 * A one-token bracket that qualifies rather than names: a word such as "optional" or "plural", or a
 * short lowercase token whose letters do not follow each other in the name ("Rate (ms)", the plural
 * "Filter(s)"). A short lowercase abbreviation takes its letters from the name in order ("Knot
 * (kt)", "Kilocalorie (kcal)"), as Schwartz and Hearst's abbreviation rule asks.
 */
function qualifier(name: string, token: string): boolean {
  if (QUALIFIERS.test(token)) return true;
  if (!/^\p{Ll}{1,4}$/u.test(token)) return false;
  const lower = name.toLowerCase();
  // The first letter opens a word of the name; the others follow it in order.
  let at = -1;
  for (let i = lower.indexOf(token[0]!); i >= 0 && at < 0; i = lower.indexOf(token[0]!, i + 1)) {
    if (i === 0 || !/[\p{L}\d]/u.test(lower[i - 1]!)) at = i;
  }
  for (const letter of token.slice(1)) {
    if (at < 0) break;
    at = lower.indexOf(letter, at + 1);
  }
  return at < 0;
}

/**
 * Small words an abbreviation usually skips: "ACH" is "air changes per hour", "DfE" "Department for
 * Education", "MVHR" "mechanical ventilation with heat recovery".
 */
const LINKING = new Set(['a', 'an', 'and', 'at', 'by', 'for', 'from', 'in', 'of', 'on', 'per', 'the', 'to', 'with']);
const contentWords = (words: readonly string[]): string[] => words.filter((word) => !LINKING.has(word.toLowerCase()));
const initials = (words: readonly string[]): string => words.map((word) => word[0]).join('').toLowerCase();

/**
 * "RAM" over "random access memory": the name is the initials of the bracket's words, with or
 * without its linking words ("ACH (air changes per hour)", "DoD (Department of Defense)").
 */
function spelledOut(name: string, words: readonly string[]): boolean {
  if (words.length < 2 || !/^[\p{L}]{2,12}$/u.test(name)) return false;
  const spelt = name.toLowerCase();
  return initials(words) === spelt || initials(contentWords(words)) === spelt;
}

/**
 * "ATP" over "adenosine triphosphate", "ADH" over "antidiuretic hormone", "ECG" over
 * "electrocardiogram": an abbreviation that also takes letters from inside its words, as the
 * sciences' do, so the initials alone never spell it and the glossary line "**ADH (antidiuretic
 * hormone)**" defined one key no question asks. Each content word gives the next letters of the
 * name, the first of them its initial, the rest in order inside it (Schwartz and Hearst's rule, per
 * word). Only for a name with an abbreviation's look (`abbreviationCase`): "Payment (principal and
 * interest)" or "Cone (ceramic object)" is a word over a description.
 */
function spelledWithin(name: string, words: readonly string[]): boolean {
  if (!/^[\p{L}\d]{2,12}$/u.test(name) || !abbreviationCase(name)) return false;
  const content = contentWords(words).map((word) => word.toLowerCase());
  return content.length > 0 && content.length <= name.length && spells(name.toLowerCase(), content);
}

/**
 * An abbreviation's look: two capitals ("ADH", "ACh"), or a capital after a lowercase letter, as a
 * unit's symbol has ("mAh" over "milliamp-hour", "kWh" over "kilowatt hour"), which the initials
 * alone never spell either. A capitalised word ("Ache", "Cone") has neither.
 */
const abbreviationCase = (name: string): boolean => hasTwoCapitals(name) || /\p{Ll}\p{Lu}/u.test(name);

/**
 * Whether `word` has at least two capitals ("ADH", "DoD", "ECG"), the look of an abbreviation as
 * opposed to a capitalised word ("Mirrors"). Shared with spelled-abbreviation.ts.
 *
 * @example
 * hasTwoCapitals('DoD'); // true
 * hasTwoCapitals('Mirrors'); // false
 */
export const hasTwoCapitals = (word: string): boolean => (word.match(/\p{Lu}/gu) ?? []).length >= 2;

/** Whether `letters` split into one run per word, each run opening its word and the rest in order inside it. */
function spells(letters: string, words: readonly string[]): boolean {
  const [word, ...rest] = words;
  if (word === undefined) return letters === '';
  if (letters === '' || letters[0] !== word[0]) return false;
  // The run for this word ends after `end` letters; the shorter run is tried first (initials).
  let at = 0;
  for (let end = 1; end <= letters.length - rest.length; end++) {
    if (end > 1) {
      at = word.indexOf(letters[end - 1]!, at + 1);
      if (at < 0) return false;
    }
    if (spells(letters.slice(end), rest)) return true;
  }
  return false;
}

/**
 * Whether `name` abbreviates `words`: their initials spell it, with or without their linking words
 * ({@link spelledOut}), or runs of letters opening each word do ({@link spelledWithin}). Shared with
 * spelled-abbreviation.ts, which finds the same spellings in a sentence.
 *
 * @example
 * abbreviates('RAM', ['random', 'access', 'memory']); // true
 * abbreviates('ADH', ['antidiuretic', 'hormone']); // true
 * abbreviates('RAM', ['read', 'only', 'memory']); // false
 */
export function abbreviates(name: string, words: readonly string[]): boolean {
  return spelledOut(name, words) || spelledWithin(name, words);
}

/** "Cone" over "pyrometric cone": a longer name for the same thing ends in the name's own noun. */
function sameHead(name: string, words: readonly string[]): boolean {
  const own = tokenizeWords(name);
  return words.length > own.length && own.length > 0 && stemWord(words[words.length - 1]!.toLowerCase()) === stemWord(own[own.length - 1]!.toLowerCase());
}
