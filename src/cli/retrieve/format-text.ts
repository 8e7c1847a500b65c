/**
 * The human-readable rendering of one search: a header (with the warnings a reader must not miss),
 * one block per result (score, page title, section, URL, source location and a one-line preview: the
 * sentence that matches the question, else the start of the text), a timing line, and with
 * `--verbose` the timing breakdown, cache status, filters, confidence summary and every warning.
 */
import { bodyText, cutAtWord, inlinePlain, labelledRow, linesPlain, plainBlocks, withoutTaskBoxes } from '../../client/inline-plain';
import { markedSpans } from '../../client/marked-spans';
import { PLACED_AFTER_NEW_PAGE, placedAfterNewPage } from '../../client/score-order';
import { mathPlain } from '../../core/common/text/math-plain';
import type { SearchOutcome } from '../../core/query/search/search-outcome';

/** Longest preview, in characters. */
export const PREVIEW_CHARS = 120;

/** Options of {@link formatSearchText}. */
export interface TextOptions {
  verbose?: boolean;
  /** Wall-clock time the CLI waited (includes the network for --url). */
  elapsedMs: number;
  /** Who answered, e.g. "in-process (embedded store, local embedder)". */
  source?: string;
  /** The answer came from a Worker (`--url`): its timings are read on the Worker's clock. */
  fromWorker?: boolean;
}

/**
 * Warnings shown only with `--verbose`: advice on the results' variety, and the count of results
 * under a threshold, which the no-results message already gives. The others — the book probably
 * does not cover the question, weak matches, a failed reranker, a renamed parameter — change how
 * the results should be read, so they are printed above them.
 */
const VERBOSE_ONLY_WARNINGS: ReadonlySet<string> = new Set(['low_diversity', 'all_below_threshold']);

const ms = (value: unknown): string => (typeof value === 'number' ? `${value.toFixed(1)} ms` : 'n/a');

/** A score readable on every scale: cosine and fused in 0..1, BM25 unbounded. */
export function formatScore(score: number): string {
  return Number.isFinite(score) ? score.toFixed(4) : String(score);
}

/**
 * The chunk text on one line: whitespace collapsed, links as their labels, bold and code spans without
 * their markers, its leading markdown headings dropped (the result's page and section say them), cut
 * at {@link PREVIEW_CHARS} with an ellipsis.
 *
 * @example
 * previewLine('# Safety\n\n## Nodes\n\nA node is a process.'); // "A node is a process."
 */
export function previewLine(content: string | null): string {
  if (!content) return '(no text)';
  // Every leading heading, as the demo page and the widget drop them: a page's first chunk opens with
  // its `# Title` and first `## Section`, and the preview read "# Working safely … ## Turning off…".
  let text = bodyText(content);
  // A task list's box is markup, as the demo page and the widget read it ("- [ ] Take meter readings"
  // read "- [ ] Take…"); a text of one line is one list item, shown without its marker too.
  text = plainBlocks(withoutTaskBoxes(text), ' / ', ':');
  if (!text.includes('\n')) text = text.replace(/^[ \t]*(?:[-*+]|\d+[.)])[ \t]+/, '');
  // Links read as their labels, emphasis without its markers (quotes lost theirs in plainBlocks), as
  // the demo page's preview shows them (a quoted source read "> \"I shall leave a name…").
  return clipped(inlinePlain(text));
}

/**
 * A highlight as the demo page and the widget show it ({@link linesPlain}: a list item without its
 * bullet, a table row as its cells), on one line: the CLI printed "| | Mitosis | Meiosis |" and
 * "- Meiosis II separates …" where the page shows "Mitosis · Meiosis" and "Meiosis II separates …".
 * A highlight runs to 240 characters, twice a preview: when the first of its marked `terms` lies past
 * the cut, the preview starts shortly before it ("…"), so the line still shows why the result matched.
 *
 * @example
 * highlightLine('| | Mitosis | Meiosis |'); // "Mitosis · Meiosis"
 */
export function highlightLine(text: string, terms: readonly string[] = []): string {
  return clippedAround(linesPlain(text), terms);
}

/**
 * `text` on one line, clipped from shortly before the first of `terms` (by the rule the page marks
 * them with) when the cut would leave it out. Offsets are read on the collapsed line, as clipped()
 * cuts it: whitespace runs in a table cell or across lines would shift them.
 */
function clippedAround(text: string, terms: readonly string[]): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const [first] = markedSpans(line, terms);
  return clipped(line, first ? { at: first[0], length: first[1] - first[0] } : null);
}

/**
 * `text` on one line, cut to {@link PREVIEW_CHARS} between words ("refers t…" read as a typo), and
 * from shortly before `focus` when the cut would leave it out.
 */
function clipped(text: string, focus: { at: number; length: number } | null = null): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= PREVIEW_CHARS) return line;
  let from = 0;
  if (focus && focus.at + focus.length > PREVIEW_CHARS - 2) {
    from = Math.max(0, Math.min(focus.at - Math.floor(PREVIEW_CHARS / 4), line.length - (PREVIEW_CHARS - 1)));
    // Start at a word, never after the focus word's own start.
    if (from > 0) from = Math.min(line.indexOf(' ', from) + 1 || from, focus.at);
  }
  const lead = from > 0 ? '…' : '';
  const rest = line.slice(from);
  const room = PREVIEW_CHARS - lead.length;
  return rest.length <= room ? `${lead}${rest}` : `${lead}${cutAtWord(rest, room - 1)}`;
}

/**
 * The preview line: the result's highlight when it has one (a table row with its columns' names, as
 * the demo page shows it), else the start of its text.
 */
function previewOf(result: SearchOutcome['results'][number]): string {
  const highlight = highlightOf(result);
  if (highlight === null) return previewLine(result.content);
  const row = result.content === null || highlight.start === undefined || highlight.end === undefined ? null : labelledRow(result.content, highlight.start, highlight.end);
  return row === null ? highlightLine(highlight.text, highlight.terms) : clippedAround(row, highlight.terms);
}

/** The section the preview lies under, as the demo page names it (`highlight.section`, when the Worker sets it). */
function sectionOf(result: SearchOutcome['results'][number]): string | null {
  const section = highlightOf(result)?.section ?? result.section;
  return section === null ? null : mathPlain(section);
}

/** The sentence of a result that matches the question (`highlight`), its marked words and offsets, when the answer has one. */
function highlightOf(result: SearchOutcome['results'][number]): { text: string; terms: string[]; start?: number; end?: number; section?: string; sectionUrl?: string } | null {
  const highlight = result.highlight as { text?: unknown; terms?: unknown; start?: unknown; end?: unknown; section?: unknown; section_url?: unknown } | null | undefined;
  if (typeof highlight?.text !== 'string') return null;
  const terms = Array.isArray(highlight.terms) ? highlight.terms.filter((t): t is string => typeof t === 'string' && t !== '') : [];
  const at = (n: unknown): number | undefined => (typeof n === 'number' ? n : undefined);
  const text = (s: unknown): string | undefined => (typeof s === 'string' && s !== '' ? s : undefined);
  return { text: highlight.text, terms, start: at(highlight.start), end: at(highlight.end), section: text(highlight.section), sectionUrl: text(highlight.section_url) };
}

/**
 * Renders a search document (in-process or from the Worker) as text.
 *
 * @example
 * console.log(formatSearchText(doc, { elapsedMs: 12.3 }));
 * // Query: "What is a ROS 2 topic?"
 * // 3 results in 12.3 ms (semantic, embedded store)
 * //
 * // 1. [0.5709] Module 1: ROS 2 Fundamentals
 * //    Section: Chapters in this module
 * //    …
 */
export function formatSearchText(doc: SearchOutcome, options: TextOptions): string {
  const { results, summary, timing } = doc;
  // A k outside [TOP_K_MIN, TOP_K_MAX] is served at the nearest bound, as the Worker does: say so, not only under -v.
  const bound = doc.top_k_requested < doc.top_k ? 'below the minimum' : 'above the maximum';
  const clamped = doc.top_k_clamped ? ` (k ${doc.top_k_requested} is ${bound}: ${doc.top_k})` : '';
  const count = `${results.length} result${results.length === 1 ? '' : 's'}${clamped}`;
  const lines = [
    `Query: ${JSON.stringify(doc.query)}`,
    `${count} in ${options.elapsedMs.toFixed(1)} ms (${doc.mode}, ${doc.store?.kind ?? 'unknown'} store, collection ${doc.collection})`,
  ];
  // A misspelt, clipped or affixed word was searched as the book's word: say so, as a search engine does.
  const readAs = Array.isArray(summary.read_as) ? (summary.read_as as { word: string; as: string }[]) : [];
  if (readAs.length) lines.push(`Searched ${readAs.map(({ word, as }) => `"${word}" as "${as}"`).join(', ')} (the book's word)`);
  if (results.length === 0 && typeof summary.message === 'string') lines.push(summary.message);
  for (const warning of summary.warnings ?? []) if (!VERBOSE_ONLY_WARNINGS.has(warning.code)) lines.push(`Warning: ${warning.message}`);
  results.forEach((result, i) => {
    lines.push(
      '',
      // The page's title, as the demo page and the widget name it ("The Luddites", not the slug "luddites").
      `${result.rank}. [${formatScore(result.score)}] ${result.title ?? result.chapter ?? 'n/a'}`,
      `   Section: ${sectionOf(result) ?? 'n/a'}`,
      `   URL: ${highlightOf(result)?.sectionUrl ?? result.section_url ?? result.source_url ?? 'n/a'}`,
      `   Source: ${result.source ?? 'n/a'}`,
      `   Preview: ${previewOf(result)}`,
    );
    // A higher score below a lower one is page diversity's doing: said, as the demo page says it.
    if (placedAfterNewPage(result, results[i - 1]?.score)) lines.push(`   Order: ${PLACED_AFTER_NEW_PAGE}; --diversity none gives score order`);
  });
  lines.push('', timingLine(timing, options.fromWorker === true));
  if (options.verbose) lines.push(...verboseLines(doc, options));
  return lines.join('\n');
}

/**
 * The answer's own timings, as reported. Whether they were measured is read from whether they are
 * there, never from their values: a cache hit can take 0.0 ms. A Worker's clock moves only across
 * I/O, so its timings leave out compute (an embedded-index search can read 0 ms): a Worker's line
 * says whose clock it is, whatever the values.
 *
 * @example
 * timingLine({ embed_ms: 0, search_ms: 0.4, total_ms: 0.5 }, false); // 'Timing: embed 0.0 ms / search 0.4 ms / total 0.5 ms'
 * timingLine({}, true); // 'Timing: not reported by the Worker; the count line gives the wall clock'
 */
export function timingLine(timing: { embed_ms?: number; search_ms?: number; total_ms?: number }, fromWorker: boolean): string {
  const reported = [timing.embed_ms, timing.search_ms, timing.total_ms].some((value) => typeof value === 'number');
  if (!reported) return `Timing: not reported${fromWorker ? ' by the Worker' : ''}; the count line gives the wall clock`;
  const clock = fromWorker ? " (the Worker's clock, which moves only across I/O)" : '';
  return `Timing${clock}: embed ${ms(timing.embed_ms)} / search ${ms(timing.search_ms)} / total ${ms(timing.total_ms)}`;
}

function verboseLines(doc: SearchOutcome, options: TextOptions): string[] {
  const { summary, timing } = doc;
  const lines = ['', 'Details:'];
  if (options.source) lines.push(`  answered by: ${options.source}`);
  const strategy = [`mode ${doc.mode}`];
  if (typeof summary.fusion === 'string') strategy.push(`fusion ${summary.fusion}`);
  if (typeof summary.rerank === 'string') strategy.push(`rerank ${summary.rerank}`);
  lines.push(`  strategy: ${strategy.join(', ')}`);
  lines.push(`  embedder: ${doc.embedder ? `${doc.embedder.kind} ${doc.embedder.model}` : 'none (keyword only)'}`);
  const parts = Object.entries(timing)
    .filter(([key]) => key.endsWith('_ms'))
    .map(([key, value]) => `${key.slice(0, -3)} ${ms(value)}`);
  lines.push(`  timing: ${parts.join(', ')}; upstream calls ${timing.upstream_calls}; wall clock ${options.elapsedMs.toFixed(1)} ms`);
  lines.push(`  cache: ${summary.cache}`);
  const filters = Array.isArray(summary.filters) ? (summary.filters as string[]) : [];
  lines.push(`  filters: ${filters.length ? filters.join(' AND ') : 'none'}`);
  const candidates = typeof summary.total_candidates === 'number' ? summary.total_candidates : null;
  const threshold = summary.threshold ?? null;
  lines.push(
    `  candidates: ${candidates ?? 'n/a'}; k ${doc.top_k}${doc.top_k_clamped ? ` (clamped from ${doc.top_k_requested})` : ''}; ` +
      `threshold ${threshold === null ? 'none' : `${String(threshold)} (${String(summary.filtered_below_threshold ?? 0)} dropped)`}`,
  );
  lines.push(`  confidence: ${confidenceText(summary.confidence)}`);
  for (const warning of summary.warnings ?? []) lines.push(`  warning [${warning.code}]: ${warning.message}`);
  return lines;
}

function confidenceText(value: unknown): string {
  if (!value || typeof value !== 'object') return 'n/a';
  const c = value as Record<string, unknown>;
  const stat = (key: string) => (typeof c[key] === 'number' ? (c[key] as number).toFixed(4) : 'n/a');
  const flag = c.low_confidence === true ? ' (LOW CONFIDENCE)' : '';
  return (
    `${String(c.rating)}${flag}, rated on ${String(c.rated_on ?? 'n/a')} (${String(c.scale)} scale); ` +
    `scores max ${stat('max')} / avg ${stat('avg')} / min ${stat('min')}; ` +
    `${String(c.unique_sources)} source(s), ${String(c.unique_modules)} module(s)`
  );
}
