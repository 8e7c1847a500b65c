/**
 * Every Worker test starts from empty caches: KV is real (miniflare) and outlives a test, and a
 * cached query vector would hide the upstream behaviour a test is about. The Worker's log lines
 * (console.log/warn/error) are captured instead of printed: tests read them with `logLines()`,
 * and a passing run stays quiet.
 */
import { env } from 'cloudflare:workers';
import { beforeEach, vi } from 'vitest';
import { resetIsolateCaches } from '../../../src/worker/services';
import { captureConsole } from './log-capture';

captureConsole(vi);

beforeEach(async () => {
  resetIsolateCaches();
  const kv = (env as unknown as { EMBED_CACHE: KVNamespace }).EMBED_CACHE;
  let cursor: string | undefined;
  do {
    const page: KVNamespaceListResult<unknown> = await kv.list(cursor ? { cursor } : {});
    await Promise.all(page.keys.map((key) => kv.delete(key.name)));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
});
