/**
 * The heading a result's highlight lies under, for the label beside it. A chunk is labelled by the
 * section where its text starts (ranking reads that label), but a short section runs on into the next
 * one, and the highlighted sentence can lie under a later heading: "Via Size" stood over a sentence of
 * "Track Width", "Renaming a Column" over one of "Renaming a Table" (32 of 2,190 top-3 highlights over
 * twenty question sets). The demo page, the widget and the CLI name the heading the reader is shown.
 */
import { FENCE_LINE, HEADING_LINE, inlinePlain } from './inline-plain';

/**
 * The section a result's highlight is shown under: the last heading of `content` before `start`
 * that follows some of the chunk's text (outside fenced code, whose `# comment` is no heading), read
 * as plain text; else `section`, the chunk's own label.
 *
 * @example
 * highlightSection('## Via Size\n\nVias are…\n\n## Track Width\n\nWide tracks carry current.', 44, 'Via Size'); // 'Track Width'
 * highlightSection('## Via Size\n\nVias are drilled.', 13, 'Via Size'); // 'Via Size'
 */
export function highlightSection(content: string | null | undefined, start: number | undefined, section: string | null): string | null {
  if (!content || start === undefined) return section;
  let code = false;
  let text = false;
  let heading: string | null = null;
  // A CRLF file's `\r` would keep its heading lines from matching (`.` stops at it).
  for (const line of content.slice(0, start).split(/\r?\n/)) {
    const match = code ? null : HEADING_LINE.exec(line);
    if (FENCE_LINE.test(line)) code = !code;
    if (match) {
      if (text) heading = match[1]!;
    } else if (line.trim() !== '') text = true;
  }
  // inlinePlain reads a backslash escape (`\[Malformed Packet\]`) as its character, once.
  return heading === null ? section : inlinePlain(heading);
}
