/**
 * The Worker tests must not see a developer's `.dev.vars` (vitest.config.ts masks it with
 * localVarsMasked): these check the mask on a throwaway config folder.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assignedNames, localVarsMasked } from './support/local-vars-masked';

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'local-vars-'));
  writeFileSync(join(dir, 'wrangler.toml'), 'name = "x"\nmain = "w.ts"\ncompatibility_date = "2026-04-01"\n[vars]\nCORS_ORIGINS = "*"\nTOP_K_MAX = "50"\n');
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return join(dir, 'wrangler.toml');
}

describe('localVarsMasked', () => {
  it('puts back [vars] values and empties the rest of what .dev.vars sets', () => {
    const config = folder({ '.dev.vars': '# a comment\nAPI_KEYS=a-key-of-sixteen-chars\nCORS_ORIGINS=https://site.example\nexport ALLOW_ANONYMOUS = true\nEMPTY=\n' });
    expect(localVarsMasked(config)).toEqual({ API_KEYS: '', CORS_ORIGINS: '*', ALLOW_ANONYMOUS: '', EMPTY: '' });
  });

  it('masks .env too (wrangler reads it when there is no .dev.vars), and nothing without either', () => {
    expect(localVarsMasked(folder({ '.env': 'TOP_K_MAX=8\n' }))).toEqual({ TOP_K_MAX: '50' });
    expect(localVarsMasked(folder({}))).toEqual({});
  });

  it('reads names, not values or comments', () => {
    expect(assignedNames('A=1\n  B = two=2\n#C=3\nnot a line\nA=again\r\nD="x"')).toEqual(['A', 'B', 'D']);
  });
});
