/**
 * dev/dev-args.ts: `--var` pairs, and how they reach wrangler (secrets hidden).
 */
import { describe, expect, it } from 'vitest';
import { devVarBindings, devVarWarnings, parseDevArgs } from '../../../src/cli/dev/dev-args';

describe('devVarBindings', () => {
  it('passes a --var that may hold a credential as a secret binding (hidden in wrangler\'s table), the rest as plain text', () => {
    expect(devVarBindings({ COHERE_API_KEY: 'k1', QDRANT_URL: 'https://u:p@h', ADMIN_API_KEY: 'a', TOP_K_MAX: '20' })).toEqual({
      COHERE_API_KEY: { type: 'secret_text', value: 'k1' },
      QDRANT_URL: { type: 'secret_text', value: 'https://u:p@h' },
      ADMIN_API_KEY: { type: 'secret_text', value: 'a' },
      TOP_K_MAX: { type: 'plain_text', value: '20' },
    });
  });
});

describe('parseDevArgs --var', () => {
  it('splits NAME:VALUE at the first colon, so a URL value keeps its own', () => {
    expect(parseDevArgs(['--var', 'QDRANT_URL:http://127.0.0.1:6333', '--var', 'TOP_K_MAX:20'], {}).vars).toEqual({ QDRANT_URL: 'http://127.0.0.1:6333', TOP_K_MAX: '20' });
  });

  it('refuses NAME=VALUE (whose URL colon would have split it) and says how to write it, without echoing the value', () => {
    for (const pair of ['QDRANT_URL=http://127.0.0.1:6333', 'COHERE_API_KEY=sk-secret-value']) {
      const name = pair.slice(0, pair.indexOf('='));
      expect(() => parseDevArgs(['--var', pair], {})).toThrow(`write ${name}:… instead of ${name}=…`);
      expect(() => parseDevArgs(['--var', pair], {})).not.toThrow(/127\.0\.0\.1|sk-secret/);
    }
  });

  it('refuses a pair with no name or no colon', () => {
    for (const pair of [':value', 'NOCOLON', 'BAD NAME:x']) expect(() => parseDevArgs(['--var', pair], {})).toThrow('NAME a variable name');
  });
});

describe('devVarWarnings', () => {
  it('names a --var the Worker never reads, with the variable it probably meant', () => {
    expect(devVarWarnings({ TOPK_MAX: '5' }, ['TOPK_MAX'])).toEqual(['--var TOPK_MAX is not a variable the Worker reads (did you mean TOP_K_MAX?)']);
    expect(devVarWarnings({ DOCS_DIR: 'x', TOP_K_MAX: '20' }, ['DOCS_DIR', 'TOP_K_MAX'])).toEqual([]);
  });

  it('says once, before the first request, that the configuration will refuse every search', () => {
    const [warning] = devVarWarnings({ TOP_K_MIN: 'abc' }, []);
    expect(warning).toMatch(/^every search will answer config_error until this is fixed: Invalid configuration: TOP_K_MIN: expected an integer/);
  });

  it('warns, as ingest does, about a Qdrant Cloud URL without its :6333 (every search would fail to connect)', () => {
    expect(devVarWarnings({ QDRANT_URL: 'https://xyz.eu-central-1-0.aws.cloud.qdrant.io', COHERE_API_KEY: 'k' }, [])).toEqual([
      expect.stringMatching(/listens on 6333 \(https:\/\/xyz\.eu-central-1-0\.aws\.cloud\.qdrant\.io:6333\)/),
    ]);
    expect(devVarWarnings({ QDRANT_URL: 'https://xyz.eu-central-1-0.aws.cloud.qdrant.io:6333', COHERE_API_KEY: 'k' }, [])).toEqual([]);
  });

  it('never quotes a secret it warns about', () => {
    const warnings = devVarWarnings({ COHERE_API_KEY: 'sk-live-secret', QDRANT_URL: 'not a url with sk-live-secret' }, []);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).not.toContain('sk-live-secret');
  });
});
