/**
 * Seeded generator of hostile HTTP requests for the Worker: every parameter with in-range,
 * boundary and nonsense values, repeated and prototype-named parameters, odd paths and methods,
 * Accept/Content-Type/Origin variety, JSON bodies valid and broken, deep nesting, oversized and
 * chunked bodies. The same seed gives the same requests, so a failure can be replayed.
 */
import { mulberry32 } from '../../src/core/build-time/local-index/prng';

/** One request to send. */
export interface FuzzCase {
  method: string;
  /** Path and query string, already encoded. */
  path: string;
  headers: Record<string, string>;
  /** Body bytes; `chunked` sends them without Content-Length. */
  body?: Buffer;
  chunked?: boolean;
  /** A short label for the histogram, e.g. "POST oversized-chunked". */
  kind: string;
}

type Rng = () => number;
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;
const chance = (rng: Rng, p: number): boolean => rng() < p;

const QUESTIONS = ['What is a ROS 2 topic?', 'URDF joints', 'how do QoS reliability policies work', 'Isaac Sim synthetic data', 'ZMP walking balance', 'nav2', 'whisper voice commands', 'tf2 frames'];
const WEIRD_TEXT = ['', ' ', '\t\n', 'a'.repeat(2000), 'a'.repeat(2001), 'é'.repeat(1500), '🤖'.repeat(700), '\u202Etxet LTR', '\u0000nul', '%', '%zz', '\uFFFD', 'SELECT * FROM points;--', '<script>alert(1)</script>', '{"q":1}', 'the of and a', 'x'];
const NUMBERS = ['', '0', '-1', '1', '3', '5', '8', '50', '51', '1000000', '1.5', '1e3', '1e309', 'NaN', 'Infinity', '-0', '0x10', ' 7 ', '9'.repeat(40), 'five', 'null', 'true'];
const FRACTIONS = ['0', '0.2', '0.5', '1', '1.01', '-0.1', 'NaN', '1e-320', '2', 'abc', ''];
const PARAM_VALUES: Record<string, readonly string[]> = {
  k: NUMBERS,
  mode: ['semantic', 'keyword', 'hybrid', 'HYBRID', 'dense', '', 'semantic '],
  fusion: ['weighted', 'rrf', 'dbsf', ''],
  semantic_weight: FRACTIONS,
  keyword_weight: FRACTIONS,
  rrf_k: NUMBERS,
  module: ['01-ros2', '05-capstone', '', 'nope', '../etc'],
  chapter: ['qos-and-dds', 'tf2-coordinate-frames', '', 'x'.repeat(500)],
  section: ['Reliability', ''],
  tags: ['nav2', 'ros2,qos', ',', ',,,', 'a'.repeat(300)],
  threshold: FRACTIONS,
  rerank: ['none', 'cohere', 'mmr', 'rrf', 'bogus', ''],
  lambda: FRACTIONS,
  format: ['json', 'context', 'xml', ''],
  include_metadata: ['true', 'false', '1', 'yes', ''],
};
const PROTO_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype', 'valueOf'];
const PATHS = ['/search', '/search', '/search', '/search', '/health', '/', '/search/', '/SEARCH', '/search%00', '//search', '/search/../health', '/does-not-exist', `/${'a'.repeat(4000)}`, '/%E0%A4%A', '/search;jsessionid=1', '/favicon.ico'];
const ODD_METHODS = ['HEAD', 'OPTIONS', 'PUT', 'DELETE', 'PATCH', 'TRACE', 'PROPFIND', 'BREW', 'FOO', 'M-SEARCH'];
const ACCEPTS = ['application/json', 'application/x-ndjson', 'text/event-stream', 'text/event-stream;q=0, application/json', 'application/json;q=0.1, application/x-ndjson;q=0.9', '*/*', 'text/html', 'garbage;;;q=x', 'application/*', ''];
const CONTENT_TYPES = ['application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON', 'text/plain', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', ''];
const ORIGINS = ['https://chat.example', 'http://127.0.0.1:5000', 'null', 'https://evil.example', ''];

/** A filter DSL value: sometimes valid, sometimes broken, sometimes absurdly deep. */
function filterValue(rng: Rng): unknown {
  switch (Math.floor(rng() * 8)) {
    case 0: return { module: '01-ros2' };
    case 1: return { or: [{ tags: { any: ['nav2'] } }, { sidebar_position: { lte: 2 } }] };
    case 2: return { not: { chapter: { ne: 'intro' } } };
    case 3: return { sidebar_position: { gte: 'x', lt: null } };
    case 4: return { and: 'not an array' };
    case 5: {
      let deep: unknown = { module: 'x' };
      for (let i = 0; i < 2 + Math.floor(rng() * 60); i++) deep = { not: deep };
      return deep;
    }
    case 6: return { or: Array.from({ length: Math.floor(rng() * 500) }, (_, i) => ({ chapter: `c${i}` })) };
    default: return [1, 'two', { three: 3 }];
  }
}

function queryString(rng: Rng): string {
  const pairs: [string, string][] = [];
  if (!chance(rng, 0.08)) pairs.push(['q', chance(rng, 0.7) ? pick(rng, QUESTIONS) : pick(rng, WEIRD_TEXT)]);
  for (const [name, values] of Object.entries(PARAM_VALUES)) if (chance(rng, 0.12)) pairs.push([name, pick(rng, values)]);
  if (chance(rng, 0.1)) pairs.push(['filter', chance(rng, 0.8) ? JSON.stringify(filterValue(rng)) : '{not json']);
  if (chance(rng, 0.05)) pairs.push(['q', 'repeated']);
  if (chance(rng, 0.05)) pairs.push([pick(rng, PROTO_NAMES), 'x']);
  if (chance(rng, 0.05)) pairs.push([`unknown_${Math.floor(rng() * 5)}`, '1']);
  const encoded = pairs.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  if (chance(rng, 0.03)) encoded.push('%zz=%', 'k', '=', '&&');
  return encoded.length ? `?${encoded.join('&')}` : '';
}

function jsonBody(rng: Rng): { text: string; kind: string } {
  switch (Math.floor(rng() * 10)) {
    case 0: return { text: '{not json', kind: 'broken-json' };
    case 1: return { text: JSON.stringify([1, 2, 3]), kind: 'json-array' };
    case 2: return { text: pick(rng, ['null', '"q"', '42', 'true', '']), kind: 'json-scalar' };
    case 3: return { text: '['.repeat(20_000) + ']'.repeat(20_000), kind: 'deep-json' };
    case 4: return { text: `{"__proto__":{"k":1},"constructor":{"prototype":{"x":1}},"q":"${pick(rng, QUESTIONS)}"}`, kind: 'proto-json' };
    case 5: return { text: JSON.stringify({ q: pick(rng, QUESTIONS), filter: filterValue(rng), k: pick(rng, [1, 5, 50, 51, -1, 1.5, '5', null]) }), kind: 'json-filter' };
    default: {
      const body: Record<string, unknown> = { q: chance(rng, 0.8) ? pick(rng, QUESTIONS) : pick(rng, WEIRD_TEXT) };
      for (const [name, values] of Object.entries(PARAM_VALUES)) if (chance(rng, 0.15)) body[name] = pick(rng, values);
      if (chance(rng, 0.1)) body.extra = { nested: [1, 2, { deeper: true }] };
      return { text: JSON.stringify(body), kind: 'json' };
    }
  }
}

/**
 * The `index`-th request of the run seeded with `seed` (independent of other indexes, so any one
 * case can be regenerated alone).
 *
 * @example
 * const first = fuzzCase(42, 0);
 */
export function fuzzCase(seed: number, index: number): FuzzCase {
  const rng = mulberry32((seed * 1_000_003 + index) >>> 0);
  const roll = rng();
  const method = roll < 0.5 ? 'GET' : roll < 0.85 ? 'POST' : pick(rng, ODD_METHODS);
  const path = (chance(rng, 0.75) ? '/search' : pick(rng, PATHS)) + (method === 'POST' && chance(rng, 0.8) ? '' : queryString(rng));
  const headers: Record<string, string> = {};
  if (chance(rng, 0.5)) headers.accept = pick(rng, ACCEPTS);
  if (chance(rng, 0.2)) headers.origin = pick(rng, ORIGINS);
  if (chance(rng, 0.05)) headers['x-forwarded-for'] = '203.0.113.7, 10.0.0.1';
  if (chance(rng, 0.03)) headers['x-padding'] = 'p'.repeat(8000);
  if (chance(rng, 0.05)) headers.authorization = pick(rng, ['Bearer ', 'Bearer x', 'Basic Zm9vOmJhcg==', 'Bearer ' + 'k'.repeat(2000)]);
  if (chance(rng, 0.05)) headers['x-request-id'] = pick(rng, ['abc-123', 'x'.repeat(500), '../../etc', '']);
  if (method === 'OPTIONS') headers['access-control-request-method'] = pick(rng, ['GET', 'POST', 'DELETE']);
  if (method !== 'POST') return { method, path, headers, kind: `${method} ${path.split('?')[0]!.slice(0, 24)}` };

  headers['content-type'] = pick(rng, CONTENT_TYPES);
  if (headers['content-type'] === '') delete headers['content-type'];
  const size = rng();
  if (size < 0.06) {
    // Oversized: 64 KiB + 1 up to ~1 MiB, a valid JSON prefix followed by padding.
    const bytes = 65_537 + Math.floor(rng() * 1_000_000);
    const body = Buffer.alloc(bytes, 0x20);
    body.write('{"q":"big","pad":"');
    const chunked = chance(rng, 0.5);
    return { method, path, headers, body, chunked, kind: `POST oversized${chunked ? '-chunked' : ''}` };
  }
  const { text, kind } = jsonBody(rng);
  const chunked = chance(rng, 0.15);
  return { method, path, headers, body: Buffer.from(text), chunked, kind: `POST ${kind}${chunked ? '-chunked' : ''}` };
}
