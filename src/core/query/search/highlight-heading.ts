/**
 * The heading a result's highlight lies under, when that is not the chunk's own. A chunk is labelled
 * (`section`, `section_url`) by the section where its text starts, and ranking reads that label; but a
 * short section runs on into the next one, and the highlighted sentence can lie under a later heading:
 * "Via Size" stood over a sentence of "Track Width" and its link opened at "Via Size". Ingest stores
 * each later heading's place, text and anchor (`later_headings`, build-time/ingest/later-headings.ts),
 * so the Worker names and links it once, for the demo page, the widget, the CLI and the prompt alike.
 */
import type { Payload } from '../../common/types';

/** What {@link highlightHeading} adds to a highlight. */
export interface HighlightHeading {
  /** The later heading's text, as `section` names a chunk's own. */
  section: string;
  /** `source_url` with that heading's `#anchor` (the page itself for an H1); null without a `source_url`. */
  section_url: string | null;
}

/**
 * The last of the payload's `later_headings` whose line starts at or before `start` (the highlight's
 * offset in `content`), or null: none there, no such field (a collection ingested before it, another
 * pipeline's payload) or a malformed one, when the result's own `section` and `section_url` stand.
 *
 * @example
 * highlightHeading({ later_headings: [[32, 'Track Width', 'track-width']] }, 48, 'https://b.dev/pcb');
 * // { section: 'Track Width', section_url: 'https://b.dev/pcb#track-width' }
 */
export function highlightHeading(payload: Payload, start: number, sourceUrl: string | null): HighlightHeading | null {
  const later = payload.later_headings;
  if (!Array.isArray(later)) return null;
  let found: HighlightHeading | null = null;
  for (const entry of later as unknown[]) {
    if (!Array.isArray(entry)) return null;
    const [offset, section, anchor] = entry as unknown[];
    if (typeof offset !== 'number' || typeof section !== 'string' || typeof anchor !== 'string') return null;
    if (offset > start) break;
    found = { section, section_url: sourceUrl === null ? null : anchor ? `${sourceUrl}#${anchor}` : sourceUrl };
  }
  return found;
}
