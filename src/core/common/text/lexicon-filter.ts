/**
 * A Bloom filter of the stems of ordinary English words, shipped in the embedded index so the
 * Worker can tell, without a dictionary, whether a query word the book never uses is still a
 * common word ("versus", "travel": a paraphrase) or a name the book has never heard of
 * ("kubectl", "fail2ban": a sign the question is about something else). Built at ingest from
 * WordNet and a word-frequency list (see `src/cli/ingest/english-lexicon.ts`).
 */
import { murmur3X86_32 } from '../bm25/index';

/** A Bloom filter: `bits` (a multiple of 32) and the number of probes per word. */
export interface LexiconFilter {
  bits: Uint32Array;
  hashes: number;
}

const encoder = new TextEncoder();

/** The filter's bit positions of `stem` (double hashing with two murmur3 seeds). */
function positions(stem: string, size: number, hashes: number): number[] {
  const bytes = encoder.encode(stem);
  const h1 = murmur3X86_32(bytes, 0x9747b28c) >>> 0;
  const h2 = (murmur3X86_32(bytes, 0x5bd1e995) >>> 0) | 1;
  const out: number[] = [];
  for (let i = 0; i < hashes; i++) out.push(((h1 + Math.imul(i, h2)) >>> 0) % size);
  return out;
}

/**
 * Builds a filter holding `stems` with about `falsePositiveRate` false positives
 * (m = −n·ln p / ln²2 bits, k = m/n · ln 2 probes).
 *
 * @example
 * const filter = buildLexiconFilter(['travel', 'versus'], 0.01);
 * lexiconHas(filter, 'travel'); // true
 */
export function buildLexiconFilter(stems: Iterable<string>, falsePositiveRate = 0.01): LexiconFilter {
  const list = [...new Set(stems)];
  const wanted = Math.ceil((-Math.max(list.length, 1) * Math.log(falsePositiveRate)) / Math.LN2 ** 2);
  const words = Math.max(1, Math.ceil(wanted / 32));
  const size = words * 32;
  const hashes = Math.max(1, Math.round((size / Math.max(list.length, 1)) * Math.LN2));
  const bits = new Uint32Array(words);
  for (const stem of list) for (const p of positions(stem, size, hashes)) bits[p >>> 5]! |= 1 << (p & 31);
  return { bits, hashes };
}

/**
 * Whether `stem` is (probably) in the filter: never false for a stem that was added.
 *
 * @example
 * lexiconHas(filter, 'kubectl'); // false (unless a rare false positive)
 */
export function lexiconHas(filter: LexiconFilter, stem: string): boolean {
  const size = filter.bits.length * 32;
  if (size === 0) return false;
  return positions(stem, size, filter.hashes).every((p) => (filter.bits[p >>> 5]! & (1 << (p & 31))) !== 0);
}
