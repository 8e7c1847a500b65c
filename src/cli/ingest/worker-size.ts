/**
 * Cloudflare's Worker size limits: the gzip of every module a Worker uploads, the bundled index
 * included, must stay under 3 MiB on Workers Free and 10 MiB on Workers Paid
 * (developers.cloudflare.com/workers/platform/limits). A large book's index can pass them, and
 * `wrangler deploy` would only say so at upload time, so `ingest --target local` (and
 * `npm run build:index`, which runs it) says so when the index is built.
 */
import { gzipSync } from 'node:zlib';

/** The Workers Free plan's limit on a Worker's gzip size. */
export const WORKERS_FREE_LIMIT_KIB = 3 * 1024;
/** The Workers Paid plan's limit. */
export const WORKERS_PAID_LIMIT_KIB = 10 * 1024;
/** Room left for the Worker's own code beside the index: `npm run size` holds the code to it (~80 KiB gzip now). */
export const WORKER_CODE_ALLOWANCE_KIB = 100;

/** Gzip size of `bytes` in bytes, as `wrangler deploy` compresses an upload (level 9). */
export function gzipSize(bytes: Uint8Array): number {
  return gzipSync(bytes, { level: 9 }).byteLength;
}

/**
 * What to tell the user about an index of `gzipBytes`, or null when a Worker bundling it fits
 * both plans.
 *
 * @example
 * workerSizeWarning(5 * 2 ** 20); // '… exceeds the 3 MiB Worker size limit of the Workers Free plan …'
 */
export function workerSizeWarning(gzipBytes: number): string | null {
  const kib = gzipBytes / 1024;
  const size = `${(kib / 1024).toFixed(1)} MiB gzip`;
  if (kib + WORKER_CODE_ALLOWANCE_KIB > WORKERS_PAID_LIMIT_KIB) {
    return `The index is ${size}: with the Worker's code it exceeds Cloudflare's 10 MiB Worker size limit (Workers Paid), so \`wrangler deploy\` will refuse it. Serve this book from Qdrant instead (\`npm run ingest\`, then \`npm run deploy:remote\`).`;
  }
  if (kib + WORKER_CODE_ALLOWANCE_KIB > WORKERS_FREE_LIMIT_KIB) {
    return `The index is ${size}: with the Worker's code it exceeds the 3 MiB Worker size limit of the Workers Free plan (Workers Paid allows 10 MiB). On the Free plan, serve this book from Qdrant (\`npm run ingest\`, then \`npm run deploy:remote\`).`;
  }
  return null;
}
