import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../../src/core/common/config/parse-config';
import type { RetrieverError } from '../../../../src/core/common/errors';
import { thrownError } from '../../../support/thrown-error';

/** The config_error an environment is refused with. */
const refusal = (env: Record<string, unknown>): RetrieverError => thrownError(() => parseConfig(env), 'config_error');

describe('parseConfig: an invalid variable says what is wrong and what is expected', () => {
  it.each([
    [{ TOP_K_MIN: 'abc' }, 'TOP_K_MIN: expected an integer in [1, 1000], got "abc"'],
    [{ TOP_K_MAX: '1.5' }, 'TOP_K_MAX: expected an integer in [1, 1000], got "1.5"'],
    [{ BATCH_MAX_QUERIES: '500' }, 'BATCH_MAX_QUERIES: expected an integer in [1, 96], got "500"'],
    [{ LOW_CONFIDENCE_SCORE: '2' }, 'LOW_CONFIDENCE_SCORE: expected a number in [0, 1], got "2"'],
    [{ EMBED_DIMENSION: '-3' }, 'EMBED_DIMENSION: expected a positive integer, got "-3"'],
    [{ ALLOW_ANONYMOUS: 'yes' }, 'ALLOW_ANONYMOUS: expected one of true, false, 1, 0, got "yes"'],
    [{ SEARCH_MODE: 'vector' }, 'SEARCH_MODE: expected one of semantic, keyword, hybrid, got "vector"'],
    [{ QDRANT_COLLECTION: 'my books' }, 'QDRANT_COLLECTION: expected 1–255 letters, digits, "_", "." or "-", got "my books"'],
    // A browser's Origin is scheme://host[:port]: these would never match it and silently block every widget.
    [{ CORS_ORIGINS: 'example.com' }, 'CORS_ORIGINS: expected "*" or comma-separated origins such as https://site.example (scheme and host, no path or trailing slash), got "example.com"'],
    [{ CORS_ORIGINS: 'https://site.example/' }, 'CORS_ORIGINS: expected "*" or comma-separated origins such as https://site.example (scheme and host, no path or trailing slash), got "https://site.example/"'],
    [{ ADMIN_API_KEY: 'x' }, 'ADMIN_API_KEY: expected at least 16 characters (as API_KEYS): a short key can be guessed'],
  ])('%j', (env, message) => {
    const error = refusal(env);
    expect(error.message).toBe(`Invalid configuration: ${message}`);
    expect(error.message).not.toContain('Invalid input');
    expect(error.details).toEqual({ variables: Object.keys(env) });
  });

  it('takes "*" or a list of origins', () => {
    for (const origins of ['*', 'https://site.example', 'https://a.example, http://localhost:3000', ' https://a.example,https://b.example:8443 ']) {
      expect(parseConfig({ CORS_ORIGINS: origins }).CORS_ORIGINS).toBe(origins.trim());
    }
  });

  it('names each variable once, even when its value fails several checks', () => {
    const error = refusal({ TOP_K_DEFAULT: '1000.5', RRF_K: 'x' });
    expect(error.message).toBe('Invalid configuration: TOP_K_DEFAULT: expected an integer in [1, 1000], got "1000.5"; RRF_K: expected a number in [0, 10000], got "x"');
    expect(error.details).toEqual({ variables: ['TOP_K_DEFAULT', 'RRF_K'] });
  });

  it('names every problem at once: the schema\'s, API_KEYS\' and the rules between variables', () => {
    // A deployer fixing the one problem named met the next only on the next deploy.
    const both = refusal({ CORS_ORIGINS: 'https://site.example/', API_KEYS: 'short' });
    expect(both.message).toMatch(/^Invalid configuration: CORS_ORIGINS: .*; API_KEYS entry 1 is invalid: use a key of at least 16 characters/);
    expect(both.message).not.toContain('short');
    expect(both.details).toEqual({ variables: ['CORS_ORIGINS', 'API_KEYS'] });
    const rules = refusal({ TOP_K_MIN: '9', TOP_K_MAX: '8', QDRANT_API_KEY: 'k', API_KEYS: 'a-key-of-sixteen-chars,sha256:beef' });
    expect(rules.message).toBe('Invalid configuration: API_KEYS entry 2 is invalid: use a key of at least 16 characters or sha256:<64 hex digits>; TOP_K_MIN must not exceed TOP_K_MAX; TOP_K_DEFAULT must lie within [TOP_K_MIN, TOP_K_MAX]; QDRANT_API_KEY is set but QDRANT_URL is missing');
    expect(rules.details).toEqual({ variables: ['API_KEYS', 'TOP_K_MIN', 'TOP_K_MAX', 'TOP_K_DEFAULT', 'QDRANT_URL'] });
  });

  it('checks the rules between variables even when the schema refuses another variable', () => {
    const error = refusal({ CORS_ORIGINS: 'example.com', TOP_K_MIN: '9', TOP_K_MAX: '8', EMBED_MODEL: 'embed-v4.0', EMBED_DIMENSION: '300' });
    expect(error.message).toBe(
      'Invalid configuration: CORS_ORIGINS: expected "*" or comma-separated origins such as https://site.example (scheme and host, no path or trailing slash), got "example.com"; ' +
        'TOP_K_MIN must not exceed TOP_K_MAX; TOP_K_DEFAULT must lie within [TOP_K_MIN, TOP_K_MAX]; EMBED_DIMENSION for embed-v4.0 must be one of 256, 512, 1024, 1536',
    );
    expect(error.details).toEqual({ variables: ['CORS_ORIGINS', 'TOP_K_MIN', 'TOP_K_MAX', 'TOP_K_DEFAULT', 'EMBED_DIMENSION'] });
  });

  it('skips a rule that reads a variable the schema refused: its stand-in default is not what was set', () => {
    // TOP_K_MAX's default (50) is below TOP_K_MIN here, but the operator's TOP_K_MAX was "abc".
    const error = refusal({ TOP_K_MIN: '60', TOP_K_DEFAULT: '60', TOP_K_MAX: 'abc', QDRANT_URL: 'qdrant:6333', QDRANT_API_KEY: 'k' });
    expect(error.message).toBe('Invalid configuration: QDRANT_URL: expected an http(s) URL; TOP_K_MAX: expected an integer in [1, 1000], got "abc"');
    expect(error.details).toEqual({ variables: ['QDRANT_URL', 'TOP_K_MAX'] });
  });

  it('never quotes a value that may be a secret: names with KEY, TOKEN or SECRET, and URLs', () => {
    const secrets = { COHERE_API_KEY: 12345678901234, QDRANT_URL: 'ftp://user:hunter2@qdrant.example', COHERE_BASE_URL: 'https://user:hunter2 @x' };
    const error = refusal(secrets);
    expect(error.message).toContain('COHERE_API_KEY: expected a string');
    expect(error.message).toContain('QDRANT_URL: expected an http(s) URL');
    expect(error.message).not.toContain('12345678901234');
    expect(error.message).not.toContain('hunter2');
    expect(error.message).not.toContain('got');
  });

  it('shortens a long value it quotes', () => {
    const error = refusal({ RRF_K: 'x'.repeat(500) });
    expect(error.message.length).toBeLessThan(150);
    expect(error.message).toMatch(/got "x+…$/);
  });
});
