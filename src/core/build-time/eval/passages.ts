/**
 * Passage-level judgement. Page labels say whether a result comes from a page that answers the
 * query; a query may also name the sections (headings) of those pages that hold the answer,
 * `expected.sections`. A result is then a *passage hit* when it is relevant by its page labels and
 * lies under one of those headings — so a chunk of the right page that is only the page's intro or
 * the neighbouring section counts for the page figures but not for the passage figures. That is
 * the difference a reader (or an LLM given the top chunks) sees, and the page figures hide it.
 */
import type { ExpectedLabels } from './query-set';
import { type EvalResult, isRelevant, readField, readText } from './relevance';
import type { PassageSummary } from './validation-report';

/**
 * Headings compare without case, spacing, or the backticks, asterisks and backslash escapes of their
 * markdown (`\[Malformed Packet\]` is the heading "[Malformed Packet]"; `\x60` is the backtick: a
 * literal one in a regex reads as an unclosed template string to source scanners).
 */
const normalHeading = (text: string): string => text.replace(/\\([!-/:-@[-\x60{-~])/g, '$1').replace(/[\x60*]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * The headings a result lies under: `heading_trail` (every heading the chunk spans, with their
 * parents), else `headings` (where it starts), else its `section`.
 *
 * @example
 * resultHeadings({ score: 1, payload: { heading_trail: ['QoS', 'Reliability'] } }); // ['QoS', 'Reliability']
 */
export function resultHeadings(result: EvalResult): string[] {
  for (const name of ['heading_trail', 'headings']) {
    const value = readField(result, name);
    const list = Array.isArray(value) ? value.filter((h): h is string => typeof h === 'string') : [];
    if (list.length > 0) return list;
  }
  const section = readText(result, 'section');
  return section === null ? [] : [section];
}

/**
 * True when the query names sections and the result is relevant by its page labels and lies under
 * one of those sections.
 *
 * @example
 * inLabelledSection({ score: 1, payload: { file_path: 'qos.md', heading_trail: ['QoS', 'Reliability'] } },
 *   { file_paths: ['qos.md'], sections: ['reliability'] }); // true
 */
export function inLabelledSection(result: EvalResult, expected: ExpectedLabels): boolean {
  const sections = expected.sections ?? [];
  return sections.length > 0 && isRelevant(result, expected) && underSection(resultHeadings(result), sections);
}

/**
 * True when one of `headings` (a result's trail) is one of the labelled `sections`, compared as
 * labels are typed by hand: without case, spacing, backticks or asterisks.
 *
 * @example
 * underSection(['QoS', '`Reliability`'], ['reliability']); // true
 */
export function underSection(headings: readonly string[], sections: readonly string[]): boolean {
  const wanted = new Set(sections.map(normalHeading));
  return headings.some((heading) => wanted.has(normalHeading(heading)));
}

/**
 * The 1-based rank of the first passage hit, null when none of the results is one (or the query
 * names no sections).
 *
 * @example
 * passageRank([intro, reliability], { file_paths: ['qos.md'], sections: ['Reliability'] }); // 2
 */
export function passageRank(results: readonly EvalResult[], expected: ExpectedLabels): number | null {
  const index = results.findIndex((result) => inLabelledSection(result, expected));
  return index === -1 ? null : index + 1;
}

/**
 * Hit@1, hit@3 and MRR over the passage ranks of the queries that name sections (null: the passage
 * was not returned); null when there are none. `retrieve --validate` and `bench:quality` both report it.
 *
 * @example
 * passageSummary([1, 3, null]); // { queries: 3, hit_at_1: 1/3, hit_at_3: 2/3, mrr: (1 + 1/3) / 3 }
 */
export function passageSummary(ranks: readonly (number | null)[]): PassageSummary | null {
  if (ranks.length === 0) return null;
  const share = (value: (rank: number) => number) => ranks.reduce<number>((sum, rank) => sum + (rank === null ? 0 : value(rank)), 0) / ranks.length;
  return { queries: ranks.length, hit_at_1: share((r) => (r === 1 ? 1 : 0)), hit_at_3: share((r) => (r <= 3 ? 1 : 0)), mrr: share((r) => 1 / r) };
}
