/**
 * Shapes of a would-be defined term that name no term: a heading that asks who is in a state, and a
 * phrase made mostly of function words. Apart from defined-terms.ts, which collects the terms.
 */
import { analyzeText } from '../../common/bm25/index';

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
