/**
 * dev/dev-args.ts: `--var` pairs, and how they reach wrangler (secrets hidden).
 */
import { describe, expect, it } from 'vitest';
import { devVarBindings, parseDevArgs } from '../../../src/cli/dev/dev-args';

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
