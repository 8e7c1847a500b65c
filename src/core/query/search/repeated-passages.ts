/**
 * A passage the answer already holds, on another page: many books copy text between pages (a
 * rules page that repeats every rule's own page, an overview that quotes a chapter's opening). A
 * reader gains nothing from reading it twice, and a copy takes the place of the next-best answer.
 * Two chunks repeat each other when their text is the same once heading markers, case and spacing
 * are set aside (a copy often sits one heading level deeper: `## MD001` for `# MD001`).
 */
import type { PayloadFieldMap } from '../../common/config/payload-fields';
import type { ScoredPoint } from '../../common/types';
import { pointContent } from './result-fields';

/**
 * `hits` (best first) without each later hit whose text repeats an earlier one's, among the first
 * `upTo` hits kept; the hits after those are returned as they are (nothing below them is shown,
 * and normalising every candidate's text would cost each search for nothing). Hits without text
 * are kept.
 *
 * @example
 * withoutRepeats([{ id: 1, score: 0.9, payload: { content: '# A\n\nSame words.' } }, { id: 2, score: 0.8, payload: { content: '## a\nsame  words.' } }], DEFAULT_PAYLOAD_FIELDS, 5); // [hit 1]
 */
export function withoutRepeats<T extends ScoredPoint>(hits: readonly T[], fields: PayloadFieldMap, upTo: number): T[] {
  const seen = new Set<string>();
  const kept: T[] = [];
  for (let i = 0; i < hits.length; i++) {
    if (kept.length >= upTo) return [...kept, ...hits.slice(i)];
    const hit = hits[i]!;
    const text = pointContent(hit.payload, fields);
    const key = text?.replace(/^[ \t]{0,3}#{1,6}[ \t]+/gm, '').replace(/\s+/g, ' ').trim().toLowerCase();
    if (key && seen.has(key)) continue;
    if (key) seen.add(key);
    kept.push(hit);
  }
  return kept;
}
