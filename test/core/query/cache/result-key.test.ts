/**
 * Result-cache keys: the in-isolate key is plain text (no digest), shared by equal configurations
 * held in different objects; both keys change with anything that changes the answer (here: k, the
 * index version, the configuration) and not with spacing or the output format.
 */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../../src/core/common/config/parse-config';
import { resultCacheKeys } from '../../../../src/core/query/cache/result-key';
import { parseSearchParams } from '../../../../src/core/query/search/search-params';

const config = parseConfig({ QDRANT_URL: 'https://q.example', COHERE_API_KEY: 'k-1234' });
const keysOf = (raw: Record<string, unknown>, version = '0', cfg = config) => resultCacheKeys(parseSearchParams(raw, cfg), cfg, version);

describe('resultCacheKeys', () => {
  it('equal answers share both keys: spacing, format and another config object with the same values', async () => {
    const a = keysOf({ q: 'what is  a topic ' });
    const b = keysOf({ q: 'what is a topic', format: 'context' }, '0', parseConfig({ QDRANT_URL: 'https://q.example', COHERE_API_KEY: 'k-1234' }));
    expect(b.local).toBe(a.local);
    expect(await b.shared()).toBe(await a.shared());
    expect(await a.shared()).toMatch(/^rc:v1:[0-9a-f]{64}$/);
    // A fresh params object of the same question: the key is computed again, not remembered.
    expect(await a.shared()).toBe(await resultCacheKeys(parseSearchParams({ q: 'what is a topic' }, config), config, '0').shared());
  });

  it('k, the index version and the answer-shaping config each change both keys; a secret does not', async () => {
    const base = keysOf({ q: 'what is a topic' });
    const others = [
      keysOf({ q: 'what is a topic', k: 2 }),
      keysOf({ q: 'what is a topic' }, '1'),
      keysOf({ q: 'what is a topic' }, '0', parseConfig({ QDRANT_URL: 'https://q.example', COHERE_API_KEY: 'k-1234', QDRANT_COLLECTION: 'other' })),
    ];
    for (const other of others) {
      expect(other.local).not.toBe(base.local);
      expect(await other.shared()).not.toBe(await base.shared());
    }
    const rotated = keysOf({ q: 'what is a topic' }, '0', parseConfig({ QDRANT_URL: 'https://q.example', COHERE_API_KEY: 'k-5678' }));
    expect(rotated.local).toBe(base.local);
  });

  it('the in-isolate key carries no secret and no digest', () => {
    const { local } = keysOf({ q: 'what is a topic' });
    expect(local).not.toContain('k-1234');
    expect(local).toContain('what is a topic');
  });
});
