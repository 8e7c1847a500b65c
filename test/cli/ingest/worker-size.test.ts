import { describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { gzipSize, WORKER_CODE_ALLOWANCE_KIB, WORKERS_FREE_LIMIT_KIB, WORKERS_PAID_LIMIT_KIB, workerSizeWarning } from '../../../src/cli/ingest/worker-size';
import { formatReport, type IngestReport } from '../../../src/cli/ingest/ingest-report';

const KiB = 1024;

describe('Worker size limits for a bundled index', () => {
  it('says nothing while the index and the code fit the Free plan', () => {
    expect(workerSizeWarning(600 * KiB)).toBeNull();
    expect(workerSizeWarning((WORKERS_FREE_LIMIT_KIB - WORKER_CODE_ALLOWANCE_KIB) * KiB)).toBeNull();
  });

  it('warns about the Free plan between 3 and 10 MiB, and names the way out', () => {
    const warning = workerSizeWarning((WORKERS_FREE_LIMIT_KIB - WORKER_CODE_ALLOWANCE_KIB + 1) * KiB);
    expect(warning).toMatch(/3 MiB Worker size limit of the Workers Free plan/);
    expect(warning).toMatch(/npm run deploy:remote/);
    expect(workerSizeWarning(4.1 * 1024 * KiB)).toMatch(/^The index is 4\.1 MiB gzip/);
  });

  it('says wrangler deploy will refuse an index over the Paid limit', () => {
    expect(workerSizeWarning((WORKERS_PAID_LIMIT_KIB - WORKER_CODE_ALLOWANCE_KIB) * KiB)).toMatch(/Workers Free plan/);
    expect(workerSizeWarning((WORKERS_PAID_LIMIT_KIB - WORKER_CODE_ALLOWANCE_KIB + 1) * KiB)).toMatch(/10 MiB Worker size limit \(Workers Paid\), so `wrangler deploy` will refuse it/);
  });

  it('measures gzip as wrangler compresses an upload', () => {
    const bytes = new TextEncoder().encode('chunk '.repeat(10_000));
    expect(gzipSize(bytes)).toBe(gzipSync(bytes, { level: 9 }).byteLength);
    expect(gzipSize(bytes)).toBeLessThan(bytes.byteLength / 10);
  });

  it('the report shows the gzip size and the warning', () => {
    const report: IngestReport = {
      target: 'local', collection: 'book', dry_run: false, files: 1, chunks: 1, tokens: 1, added: 1, changed: 0, payload_only: 0, unchanged: 0, deleted: 0,
      skipped: [], warnings: [], seconds: 1, out: 'x.bin', bytes: 10 * 1024 * KiB, gzip_bytes: 4 * 1024 * KiB, size_warning: 'The index is 4.0 MiB gzip: …',
    };
    const text = formatReport(report);
    expect(text).toContain('index size 10240.0 KiB (4096.0 KiB gzip)');
    expect(text).toContain('  warning: The index is 4.0 MiB gzip: …');
  });
});
