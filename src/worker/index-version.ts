/**
 * The index version that every result-cache key carries. It lives in KV (`iv:v1:<scope>`) so an
 * admin purge — run after a re-ingest — changes it for every isolate and location; each isolate
 * re-reads it at most every VERSION_RECHECK_MS, so the hot path usually reads it from memory.
 * Without a KV binding the version is constant and only the cache TTL bounds staleness.
 */
import { sha256Hex } from '../core/common/sha256-hex';

const VERSION_RECHECK_MS = 5_000;
const remembered = new Map<string, { version: string; readAt: number }>();

/** Forget remembered versions (tests, and the isolate that handles a purge). */
export function forgetIndexVersions(): void {
  remembered.clear();
}

async function versionKey(scope: string): Promise<string> {
  return `iv:v1:${await sha256Hex(scope, 16)}`;
}

/**
 * The current version of `scope` (e.g. Qdrant URL + collection); "0" before any purge.
 *
 * @example
 * const version = await indexVersion(env.EMBED_CACHE, `${url}|${collection}`);
 */
export async function indexVersion(kv: KVNamespace | undefined, scope: string, log: (message: string, error: unknown) => void): Promise<string> {
  const known = remembered.get(scope);
  if (known && Date.now() - known.readAt < VERSION_RECHECK_MS) return known.version;
  let version = known?.version ?? '0';
  if (kv) {
    try {
      version = (await kv.get(await versionKey(scope), 'text')) ?? '0';
    } catch (error) {
      log('index version read failed', error);
    }
  }
  remembered.set(scope, { version, readAt: Date.now() });
  return version;
}

/** Moves `scope` to a new version (a timestamp-based id), visible at once in this isolate. */
export async function bumpIndexVersion(kv: KVNamespace, scope: string): Promise<string> {
  const version = `${Date.now().toString(36)}-${crypto.randomUUID().slice(0, 8)}`;
  await kv.put(await versionKey(scope), version);
  remembered.set(scope, { version, readAt: Date.now() });
  return version;
}
