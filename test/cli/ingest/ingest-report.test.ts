/**
 * src/cli/ingest/ingest-report.ts: the summary says in words when a run replaces what a collection held.
 */
import { describe, expect, it } from 'vitest';
import { formatReport, type IngestReport } from '../../../src/cli/ingest/ingest-report';

const report = (counts: Partial<IngestReport>): IngestReport => ({
  target: 'qdrant', collection: 'textbook_chunks', dry_run: true, files: 10, chunks: 40, tokens: 9000, added: 40, changed: 0, payload_only: 0, unchanged: 0, deleted: 0,
  skipped: [], warnings: [], seconds: 1, ...counts,
});

describe('formatReport', () => {
  it('says a run would replace the book a collection held when none of its chunks is in this one', () => {
    const text = formatReport(report({ deleted: 263 }));
    expect(text).toContain('would add 40 · update 0 · delete 263 · unchanged 0');
    expect(text).toContain("notice: none of the collection's 263 chunk(s) is in this book: this run would replace what it held");
    expect(formatReport(report({ deleted: 263, dry_run: false }))).toContain('this run replaced what it held');
  });

  it('says that a local build\'s retrained model gives the chunks of unchanged text new vectors too', () => {
    const edit = { target: 'local' as const, retrained: true, added: 1, unchanged: 39 };
    expect(formatReport(report({ ...edit, dry_run: false }))).toContain('notice: the local model was trained again on the whole book, so the 39 chunk(s) whose text is unchanged got new vectors too');
    expect(formatReport(report(edit))).toContain('would be trained again');
    expect(formatReport(report({ ...edit, added: 0 }))).not.toContain('trained again'); // nothing changed: the same model
    expect(formatReport(report({ ...edit, retrained: undefined }))).not.toContain('trained again'); // Cohere vectors stay
  });

  it('says that a running Worker answers as before a run that changed a collection, and what shows the run at once', () => {
    const edit = { dry_run: false, added: 1, changed: 1, unchanged: 16 };
    expect(formatReport(report(edit))).toMatch(/notice: a Worker already searching this collection answers as before this run for up to RESULT_CACHE_TTL_SECONDS .*POST \/admin\/cache\/purge/);
    expect(formatReport(report({ dry_run: false, changed: 2, payload_only: 2, unchanged: 38, added: 0 }))).toContain('answers as before this run');
    // The book's words are kept at least a minute, even with the result cache off (TTL 0).
    expect(formatReport(report(edit))).toContain("the book's words: at least a minute, at most an hour");
    expect(formatReport(report({ dry_run: false, deleted: 3, unchanged: 37, added: 0 }))).toContain('answers as before this run');
    expect(formatReport(report({ ...edit, dry_run: true }))).not.toContain('answers as before'); // nothing written yet
    expect(formatReport(report({ dry_run: false }))).not.toContain('answers as before'); // a new collection: nothing served before
    expect(formatReport(report({ dry_run: false, added: 0, unchanged: 40 }))).not.toContain('answers as before'); // nothing changed
    expect(formatReport(report({ ...edit, target: 'local' }))).not.toContain('answers as before'); // a local index ships with its Worker
  });

  it('says nothing of the kind for a first run or an edit of the same book', () => {
    expect(formatReport(report({}))).not.toContain('notice');
    expect(formatReport(report({ added: 2, changed: 3, unchanged: 35, deleted: 4 }))).not.toContain('notice');
  });
});
