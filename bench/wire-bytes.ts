/**
 * Bytes on the wire and time to last byte per response format (JSON, NDJSON, SSE) and answer
 * size (k=5, k=50), compressed (one body: NDJSON and SSE by the runtime, the Worker naming br;
 * JSON by the edge, here Miniflare's emulation of it) against uncompressed (what `Content-Encoding: Identity` always sent before). workerd, like the
 * Cloudflare edge, hands the Worker a normalised `Accept-Encoding: br, gzip` whatever the client
 * said, so the uncompressed size is the decoded body; the time on a 10 Mbit/s link (where bytes
 * dominate) is modelled from the sizes. Answers come from the result cache, so the figures
 * isolate serialisation and compression.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { median, timedGet } from './load';

const FORMATS = { json: 'application/json', ndjson: 'application/x-ndjson', sse: 'text/event-stream' } as const;

/** One measured cell. */
export interface WireRow {
  format: string;
  k: number;
  /** Encoding the response used. */
  used: string;
  bytes: number;
  identityBytes: number;
  ttlbMs: number;
}

/** ms to send `bytes` over a 10 Mbit/s link. */
export const linkMs = (bytes: number) => (bytes * 8) / 10_000;

/** Measures every format × k against a running Worker at `base`. */
export async function benchWireBytes(base: URL, samples = 9): Promise<WireRow[]> {
  const rows: WireRow[] = [];
  for (const k of [5, 50]) {
    const path = `/search?q=${encodeURIComponent('how do publishers and subscribers exchange messages')}&k=${k}`;
    for (const [format, accept] of Object.entries(FORMATS)) {
      const headers = { accept, 'accept-encoding': 'br, gzip' };
      await timedGet(base, path, headers); // fills the result cache
      const runs = [];
      for (let i = 0; i < samples; i++) runs.push(await timedGet(base, path, headers));
      const first = runs[0]!;
      const decoded = first.encoding === 'br' ? brotliDecompressSync(first.body) : first.encoding === 'gzip' ? gunzipSync(first.body) : first.body;
      rows.push({ format, k, used: first.encoding ?? 'none', bytes: first.wireBytes, identityBytes: decoded.length, ttlbMs: median(runs.map((r) => r.ms)) });
    }
  }
  return rows;
}
