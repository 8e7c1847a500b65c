/**
 * The end-of-run summary: files, chunks, tokens, what changed, what was skipped and why, time.
 */
import type { IngestPlan } from '../../core/build-time/ingest/ingest-plan';
import type { CollectedBook } from './collect-chunks';

/** Everything the summary shows. */
export interface IngestReport {
  target: 'qdrant' | 'local';
  collection: string;
  dry_run: boolean;
  files: number;
  chunks: number;
  tokens: number;
  added: number;
  /** Chunks written again: embedded anew, or (`payload_only`) only their payload. */
  changed: number;
  payload_only: number;
  unchanged: number;
  deleted: number;
  skipped: { path: string; reason: string }[];
  warnings: { path: string; message: string }[];
  seconds: number;
  out?: string;
  bytes?: number;
  /** The index's gzip size: what counts toward Cloudflare's Worker size limits. */
  gzip_bytes?: number;
  /** Set when a Worker bundling this index would exceed a Worker size limit (worker-size.ts). */
  size_warning?: string;
  embedder?: string;
  /** Set when `--dims` asked for more LSA dimensions than the book allows: what was used and why. */
  dims_notice?: string;
  /**
   * Set by a local build with the LSA model, which is trained on the whole book: when anything
   * changed, the chunks counted `unchanged` (same text) have new vectors too.
   */
  retrained?: boolean;
  /** The synonyms file applied: its rules, and how many chunks gained readers' phrases. */
  synonyms?: { file: string; rules: number; chunks: number };
}

/** Builds the report object. */
export function buildReport(
  base: { target: 'qdrant' | 'local'; collection: string; dryRun: boolean; seconds: number; synonyms?: IngestReport['synonyms'] },
  book: CollectedBook,
  plan: IngestPlan,
  extra: Partial<IngestReport> = {},
): IngestReport {
  return {
    target: base.target,
    collection: base.collection,
    dry_run: base.dryRun,
    files: book.files,
    chunks: book.chunks.length,
    tokens: book.tokens,
    added: plan.added.length,
    changed: plan.changed.length + plan.relabeled.length,
    payload_only: plan.relabeled.length,
    unchanged: plan.unchanged,
    deleted: plan.stale.length,
    skipped: book.skipped,
    warnings: book.warnings,
    seconds: Math.round(base.seconds * 100) / 100,
    ...(base.synonyms ? { synonyms: base.synonyms } : {}),
    ...extra,
  };
}

/** Human summary text. */
export function formatReport(report: IngestReport): string {
  const verb = report.dry_run ? 'would' : 'did';
  const lines = [
    `${report.dry_run ? 'Dry run: ' : ''}${report.target} collection "${report.collection}"${report.out ? ` → ${report.out}` : ''}`,
    `  files ${report.files} · chunks ${report.chunks} · tokens ${report.tokens}${report.embedder ? ` · embedder ${report.embedder}` : ''}`,
    `  ${verb} add ${report.added} · update ${report.changed}${report.payload_only ? ` (${report.payload_only} payload only, not embedded again)` : ''} · delete ${report.deleted} · unchanged ${report.unchanged}`,
  ];
  if (report.synonyms) lines.push(`  synonyms ${report.synonyms.file}: ${report.synonyms.rules} rule(s), ${report.synonyms.chunks} chunk(s) also indexed under readers' words`);
  if (report.bytes) lines.push(`  index size ${(report.bytes / 1024).toFixed(1)} KiB${report.gzip_bytes ? ` (${(report.gzip_bytes / 1024).toFixed(1)} KiB gzip)` : ''}`);
  // A collection holds one book: another book's run deletes every chunk it had. Said in words,
  // since "delete 263" among the counts is easy to miss before a run that cannot be undone.
  if (report.deleted > 0 && report.unchanged + report.changed === 0) {
    lines.push(`  notice: none of the collection's ${report.deleted} chunk(s) is in this book: ${report.dry_run ? 'this run would replace' : 'this run replaced'} what it held, another book or every page renamed (give --collection NAME to keep both books)`);
  }
  // "unchanged 40" read as if those chunks were left alone, but the local model learns how the
  // book's words go together from every chunk: an edit anywhere retrains it and moves every vector.
  if (report.retrained && report.unchanged > 0 && report.added + report.changed + report.deleted > 0) {
    lines.push(`  notice: the local model ${report.dry_run ? 'would be' : 'was'} trained again on the whole book, so the ${report.unchanged} chunk(s) whose text is unchanged ${report.dry_run ? 'would get' : 'got'} new vectors too`);
  }
  // A Worker keeps its answers for the result cache's TTL and the book's words (the term rule's "never
  // appears") for that TTL held between a minute and an hour (search-context.ts), the words across a
  // restart of `npm run dev` too (its KV persists): an edit just ingested looked
  // missing from the book, with nothing in the run saying why or what shows it.
  const touched = report.added + report.changed + report.deleted > 0 && report.unchanged + report.changed + report.deleted > 0;
  if (report.target === 'qdrant' && !report.dry_run && touched) {
    lines.push(
      '  notice: a Worker already searching this collection answers as before this run for up to RESULT_CACHE_TTL_SECONDS (300 s by default),' +
        ' its "never appears in the book" too (the book\'s words: at least a minute, at most an hour): POST /admin/cache/purge (with ADMIN_API_KEY set) makes this run visible at once (README, "Result cache")',
    );
  }
  if (report.dims_notice) lines.push(`  notice: ${report.dims_notice}`);
  if (report.size_warning) lines.push(`  warning: ${report.size_warning}`);
  if (report.skipped.length) {
    lines.push(`  skipped ${report.skipped.length} file(s):`);
    for (const skip of report.skipped) lines.push(`    - ${skip.path}: ${skip.reason}`);
  }
  if (report.warnings.length) {
    lines.push(`  warnings:`);
    for (const warning of report.warnings) lines.push(`    - ${warning.path}: ${warning.message}`);
  }
  lines.push(`  time ${report.seconds.toFixed(2)} s`);
  return lines.join('\n');
}
