/**
 * Shapes of a would-be defined term that name no term: a heading that asks who is in a state, and a
 * phrase made mostly of function words. Apart from defined-terms.ts, which collects the terms.
 */
import { analyzeText } from '../../common/bm25/index';
import { PREPOSITION } from './pointing-subject';

/**
 * "Who is responsible?", "Who is eligible for a refund?": a "who" question about a lower-case word
 * with no article asks who is in a state, not who someone is ("Who is Ada Lovelace?", "Who are the
 * stakeholders?"), and its section defined `respons`, `elig`.
 */
const WHO_STATE = /^\s*[Ww]ho\s+(?:is|are|was|were)\s+(?!(?:the|an?)\b)[a-z]/;

/**
 * Whether a heading asks who is in a state ({@link WHO_STATE}) rather than who or what something is.
 *
 * @example
 * asksAState('Who is responsible?'); // true
 * asksAState('Who is Ada Lovelace?'); // false
 */
export function asksAState(heading: string): boolean {
  return WHO_STATE.test(heading);
}

/**
 * Whether most of a phrase's words are function words, which the analyser drops: "**Down the line**
 * —" is a tennis shot, and its key `line` said the chunk defined a line; "*How to tell:*" (a
 * troubleshooting page's label, in 16 of its chunks) defined `tell`, "**Over the shoulder**" `shoulder`.
 * More than half of the words must go: "crossing over" (`cross`) and "rule of thirds" keep theirs.
 * Words as spaces part them, so "**A — Accountable**" and "**VE / VEC**" hold no function word
 * and "How-to guides" is two words, one of them kept.
 *
 * @example
 * mostlyFunctionWords('Down the line'); // true
 * mostlyFunctionWords('crossing over'); // false
 */
export function mostlyFunctionWords(phrase: string): boolean {
  const words = phrase.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
  return analyzeText(phrase).length * 2 < words.length;
}

/**
 * A degree word before one adjective ("**Too small**: it needs to be about 1 m³", "**Too dry**:",
 * "**Very hot**") or a quantity word before anything ("**Too much nitrogen**", "**Not enough
 * air**"): the label names a state something is in, a troubleshooting list's condition, not a thing
 * a reader asks what it is (a composting book's list "defined" `small`, `dri`). One adjective only
 * after "very": "Very high frequency" names a band. Capitalised as a label is, not "NOT gate".
 */
const STATE_LABEL = /^(?:[Tt]oo|[Vv]ery|[Oo]verly|[Ee]xtremely|[Nn]ot)\s+[\p{L}-]+$|^(?:[Tt]oo\s+(?:much|many|little|few)|[Nn]ot\s+enough)\s/u;
/**
 * A determiner, a possessive or an object pronoun after a word that is no preposition: "**Tell
 * someone your plan**:", "**Check the pile**", "**Keep it moist**" are a rule's verb and its object,
 * not a term ("tell someon plan"); after a preposition it is part of a name ("Rule of the road").
 */
const RULE_OBJECT = /^(?<verb>[\p{L}-]+)\s+(?:\S+\s+)*?(?:the|a|an|your|my|our|their|his|her|its|it|them|him|me|us|someone|something|somebody|anyone|anything|everyone|everything|this|these|those|that)(?:\s|$)/u;

/**
 * Whether an emphasised label names a state ({@link STATE_LABEL}) or states a rule
 * ({@link RULE_OBJECT}) rather than naming a term.
 *
 * @example
 * namesAStateOrRule('Too small'); // true
 * namesAStateOrRule('Tell someone your plan'); // true
 * namesAStateOrRule('Rule of the road'); // false
 */
export function namesAStateOrRule(phrase: string): boolean {
  const label = phrase.trim();
  if (STATE_LABEL.test(label)) return true;
  const rule = RULE_OBJECT.exec(label);
  if (!rule) return false;
  // Only the word just before the determiner decides, as INNER_CLAUSE does for a copula's subject.
  const before = label.slice(0, rule[0].trimEnd().lastIndexOf(' ')).trim().split(/\s+/).pop() ?? '';
  return !PREPOSITION.test(before);
}
