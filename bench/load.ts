/**
 * HTTP helpers of the benchmarks: one request over a keep-alive loopback connection, timed to
 * the last byte, with the body bytes as they crossed the wire (not decompressed); and a fixed
 * list of requests run at a given concurrency.
 */
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One timed request. */
export interface Timed {
  status: number;
  /** Time to last byte, ms. */
  ms: number;
  /** Body bytes on the wire (compressed when the response was). */
  wireBytes: number;
  encoding: string | undefined;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * GET `path` from `base` (a Miniflare `ready` URL). Retried once on a reset connection: a pooled
 * keep-alive socket may belong to a Worker instance disposed meanwhile on the same port.
 */
export async function timedGet(base: URL, path: string, headers: Record<string, string> = {}): Promise<Timed> {
  try {
    return await getOnce(base, path, headers);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') throw error;
    return getOnce(base, path, headers);
  }
}

function getOnce(base: URL, path: string, headers: Record<string, string>): Promise<Timed> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(path, base), { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, wireBytes: body.length, encoding: res.headers['content-encoding'], headers: res.headers, body });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** Runs `paths` in order with `concurrency` requests in flight; returns wall time and latencies. */
export async function runLoad(
  base: URL,
  paths: string[],
  concurrency: number,
  // As browsers do; the fixed-JSON baseline is then compressed too (by the edge emulation).
  headers: Record<string, string> = { 'accept-encoding': 'br, gzip' },
): Promise<{ wallMs: number; latencies: number[]; failures: number }> {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  const lane = async () => {
    while (next < paths.length) {
      const path = paths[next++]!;
      const res = await timedGet(base, path, headers);
      if (res.status !== 200) failures++;
      latencies.push(res.ms);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return { wallMs: performance.now() - started, latencies, failures };
}

/** The p-th percentile (0–100) of `values`. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Median of a few values. */
export const median = (values: number[]) => percentile(values, 50);
