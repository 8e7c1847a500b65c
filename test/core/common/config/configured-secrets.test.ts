import { describe, expect, it } from 'vitest';
import { configuredSecrets } from '../../../../src/core/common/config/parse-config';

describe('configuredSecrets', () => {
  it('lists the upstream keys, the admin key and every API key, trimmed', () => {
    const env = { COHERE_API_KEY: ' co-key-1 ', QDRANT_API_KEY: 'qd-key-2', ADMIN_API_KEY: '', API_KEYS: 'k1-aaaa, k2-bbbb\nk3-cccc', OTHER: 'x' };
    expect(configuredSecrets(env)).toEqual(['co-key-1', 'qd-key-2', 'k1-aaaa', 'k2-bbbb', 'k3-cccc']);
  });

  it("lists a URL's user:password and password, as written and decoded", () => {
    const env = { QDRANT_URL: 'https://quser:qd%2Fpass-1234@q.example:6333', COHERE_BASE_URL: 'https://api.cohere.com' };
    expect(configuredSecrets(env)).toEqual(['quser:qd%2Fpass-1234', 'quser:qd/pass-1234', 'qd%2Fpass-1234', 'qd/pass-1234']);
  });

  it('reads an environment once: the same frozen list for the same object, its own for another', () => {
    const env = { COHERE_API_KEY: 'co-key-1' };
    const first = configuredSecrets(env);
    expect(configuredSecrets(env)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(configuredSecrets({ COHERE_API_KEY: 'co-key-9' })).toEqual(['co-key-9']);
  });
});
