/**
 * The collection facts as kept in the shared store (Workers KV), and the rule that decides when an
 * isolate writes them. KV writes cost ten times a read, are capped per day on the free plan (1,000)
 * and per key (one a second), and the embedding cache needs the same quota; so an isolate writes
 * only what changed or what is about to go stale — not on every refresh or `/health` probe.
 *
 * - The facts record (`cf:v2:<scope digest>`, ~1 KB) carries a digest of its content and when its
 *   facts were read from Qdrant. It is rewritten when its content changed or when the shared copy
 *   is older than half the refresh interval (so isolates that read it seldom need to refresh).
 * - The book's vocabulary (~150 KB) lives under a content-addressed key (`cv:v2:<digest>`): it is
 *   written when the book's words changed or its entry is past half its TTL, never on a refresh
 *   that found the same words.
 */
import { sha256Hex } from '../../common/sha256-hex';
import { CACHE_READ_TIMEOUT_MS, withTimeout } from '../../common/with-timeout';
import type { CollectionInfo, FactsStore } from '../ports';
import { VOCABULARY_METADATA_KEY } from '../book-terms/book-vocabulary';

/** Where the vocabulary is and when it was written. */
export interface SharedVocabulary {
  digest: string;
  storedAt: number;
}

/** The shared record: facts without the vocabulary, their content digest and age. */
export interface SharedFacts {
  info: CollectionInfo;
  /** Digest of `info` and the vocabulary digest: equal digests, nothing to write. */
  digest: string;
  /** When these facts were read from Qdrant (epoch ms). */
  learnedAt: number;
  vocabulary?: SharedVocabulary;
}

/** How long entries live and how often facts are relearned, in seconds. */
export interface SharedFactsTimes {
  ttlSeconds: number;
  refreshSeconds: number;
  /**
   * Age past which an unchanged record is written again (default: half of `refreshSeconds`). KV
   * writes are scarce, so a short refresh period (relearning from Qdrant, a cheap read) need not
   * mean frequent writes: changed facts are written at once whatever this says.
   */
  rewriteSeconds?: number;
}

/** What to write for newly learned facts, given the shared copy as last seen (null: write it all). */
export interface SharedWrite {
  record: SharedFacts;
  /** The record's new text, or null when the shared copy is current. */
  recordText: string | null;
  /** The vocabulary's text under its key, or null when its entry is current. */
  vocabulary: { key: string; text: string } | null;
}

/**
 * Decides what an isolate writes after learning `info` at `learnedAt`.
 *
 * @example
 * const write = await planSharedWrite(info, Date.now(), remembered?.shared ?? null, { ttlSeconds: 86400, refreshSeconds: 3600 });
 */
export async function planSharedWrite(info: CollectionInfo, learnedAt: number, previous: SharedFacts | null, times: SharedFactsTimes): Promise<SharedWrite> {
  const words = info.metadata[VOCABULARY_METADATA_KEY];
  const bare = withoutVocabulary(info);
  let vocabulary: SharedVocabulary | undefined;
  let vocabularyWrite: SharedWrite['vocabulary'] = null;
  if (words !== undefined) {
    const text = JSON.stringify(words);
    const digest = await sha256Hex(text, 16);
    const kept = previous?.vocabulary;
    if (kept?.digest === digest && learnedAt - kept.storedAt < (times.ttlSeconds * 1000) / 2) vocabulary = kept;
    else {
      vocabulary = { digest, storedAt: learnedAt };
      vocabularyWrite = { key: vocabularyKey(digest), text };
    }
  }
  const digest = await sha256Hex(JSON.stringify([bare, vocabulary?.digest ?? null]), 16);
  const rewriteMs = (times.rewriteSeconds ?? times.refreshSeconds / 2) * 1000;
  const current = previous?.digest === digest && learnedAt - previous.learnedAt < rewriteMs && !vocabularyWrite;
  const record: SharedFacts = current ? previous : { info: bare, digest, learnedAt, ...(vocabulary ? { vocabulary } : {}) };
  return { record, recordText: current ? null : JSON.stringify(record), vocabulary: vocabularyWrite };
}

/** The facts without the book's vocabulary (what the shared record holds). */
export function withoutVocabulary(info: CollectionInfo): CollectionInfo {
  const { [VOCABULARY_METADATA_KEY]: _vocabulary, ...metadata } = info.metadata;
  return { ...info, metadata };
}

/** The facts with the book's vocabulary put back (read from its own KV entry, or kept in memory). */
export function withVocabulary(info: CollectionInfo, vocabulary: unknown): CollectionInfo {
  return { ...info, metadata: { ...info.metadata, [VOCABULARY_METADATA_KEY]: vocabulary } };
}

/** KV key of a collection's facts: a digest, so URLs of any length fit KV's 512-byte keys. */
export async function sharedFactsKey(scope: string): Promise<string> {
  return `cf:v2:${await sha256Hex(scope, 16)}`;
}

/** KV key of a vocabulary: its content's digest (two collections of one book share it). */
export const vocabularyKey = (digest: string): string => `cv:v2:${digest}`;

/**
 * A KV read that costs a miss, never the request: null when absent, unreadable, unacceptable or
 * hanging (after {@link CACHE_READ_TIMEOUT_MS}).
 */
export async function readShared<T>(store: FactsStore, log: (message: string, error: unknown) => void, key: string, accept: (parsed: unknown) => T | null): Promise<T | null> {
  try {
    const text = await withTimeout(store.get(key), CACHE_READ_TIMEOUT_MS);
    return text ? accept(JSON.parse(text)) : null;
  } catch (error) {
    log('collection facts read failed', error);
    return null;
  }
}

/** A parsed shared record, or null when it is not one (damaged, or an older format). */
export function asSharedFacts(value: unknown): SharedFacts | null {
  const parsed = value as Partial<SharedFacts> | null;
  const info = parsed?.info;
  if (typeof parsed?.learnedAt !== 'number' || typeof parsed.digest !== 'string' || !info) return null;
  if (typeof info.denseVectors !== 'object' || typeof info.sparseVectors !== 'object') return null;
  const vocabulary = parsed.vocabulary;
  const vocabularyOk = vocabulary === undefined || (typeof vocabulary?.digest === 'string' && typeof vocabulary.storedAt === 'number');
  if (!vocabularyOk) return null;
  return { info: { ...info, metadata: info.metadata ?? {} }, digest: parsed.digest, learnedAt: parsed.learnedAt, ...(vocabulary ? { vocabulary } : {}) };
}
