/**
 * The index version that every result-cache key carries. It lives in KV (`iv:v1:<scope>`) so an
 * admin purge — run after a re-ingest — changes it for every isolate and location. Each isolate
 * re-reads it once it is VERSION_RECHECK_MS old, in the background (the request that notices
 * goes on with the version it has), so only an isolate's first request waits for KV and
 * concurrent requests share that one read. Without a KV binding the version is constant and
 * only the cache TTL bounds staleness.
 */
import { CACHE_READ_TIMEOUT_MS, withTimeout } from '../core/common/with-timeout';
import { sha256Hex } from '../core/common/sha256-hex';

const VERSION_RECHECK_MS = 5_000;
const remembered = new Map<string, { version: string; readAt: number }>();
const reading = new Map<string, Promise<string>>();

/** Forget remembered versions (tests, and the isolate that handles a purge). */
export function forgetIndexVersions(): void {
  remembered.clear();
  reading.clear();
}

async function versionKey(scope: string): Promise<string> {
  return `iv:v1:${await sha256Hex(scope, 16)}`;
}

/** Whether this isolate already knows a version of `scope` (then `indexVersion` answers without waiting). */
export function hasIndexVersion(scope: string): boolean {
  return remembered.has(scope);
}

/**
 * The current version of `scope` (e.g. Qdrant URL + collection); "0" before any purge.
 *
 * @example
 * const version = await indexVersion(env.EMBED_CACHE, `${url}|${collection}`, log, (p) => ctx.waitUntil(p));
 */
export async function indexVersion(
  kv: KVNamespace | undefined,
  scope: string,
  log: (message: string, error: unknown) => void,
  defer: (work: Promise<unknown>) => void,
): Promise<string> {
  const known = remembered.get(scope);
  if (known && Date.now() - known.readAt < VERSION_RECHECK_MS) return known.version;
  const read = readVersion(kv, scope, log);
  if (!known) return read;
  defer(read);
  return known.version;
}

/** One KV read per scope at a time; remembers what it read. */
function readVersion(kv: KVNamespace | undefined, scope: string, log: (message: string, error: unknown) => void): Promise<string> {
  let pending = reading.get(scope);
  if (!pending) {
    pending = (async () => {
      let version = remembered.get(scope)?.version ?? '0';
      if (kv) {
        try {
          version = (await withTimeout(kv.get(await versionKey(scope), 'text'), CACHE_READ_TIMEOUT_MS)) ?? '0';
        } catch (error) {
          log('index version read failed', error);
        }
      }
      remembered.set(scope, { version, readAt: Date.now() });
      return version;
    })().finally(() => reading.delete(scope));
    reading.set(scope, pending);
  }
  return pending;
}

/** Moves `scope` to a new version (a timestamp-based id), visible at once in this isolate. */
export async function bumpIndexVersion(kv: KVNamespace, scope: string): Promise<string> {
  const version = `${Date.now().toString(36)}-${crypto.randomUUID().slice(0, 8)}`;
  await kv.put(await versionKey(scope), version);
  remembered.set(scope, { version, readAt: Date.now() });
  return version;
}
