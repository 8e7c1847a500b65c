import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../../src/core/common/config/parse-config';
import { parseSearchParams } from '../../../../src/core/query/search/search-params';
import { thrownError } from '../../../support/thrown-error';

const config = parseConfig({});

describe('parseSearchParams: rerank=rrf, the alias of mode=hybrid&fusion=rrf', () => {
  it('is refused with an explicit mode or fusion it would override, naming both parameters', () => {
    const conflict = (raw: Record<string, unknown>) => thrownError(() => parseSearchParams({ q: 'tf2', rerank: 'rrf', ...raw }, config), 'invalid_request');
    expect(conflict({ mode: 'keyword' }).details).toEqual({ params: ['rerank', 'mode'] });
    expect(conflict({ mode: 'semantic' }).message).toContain('mode=semantic');
    expect(conflict({ fusion: 'weighted' }).details).toEqual({ params: ['rerank', 'fusion'] });
    expect(conflict({ mode: 'keyword', fusion: 'weighted' }).details).toEqual({ params: ['rerank', 'mode', 'fusion'] });
  });

  it('is accepted alone or with the mode and fusion it stands for', () => {
    for (const raw of [{}, { mode: 'hybrid' }, { fusion: 'rrf' }, { mode: 'hybrid', fusion: 'rrf' }]) {
      const params = parseSearchParams({ q: 'tf2', rerank: 'rrf', ...raw }, config);
      expect([params.mode, params.fusion, params.rerank, params.aliases]).toEqual(['hybrid', 'rrf', 'none', ['rerank=rrf']]);
    }
  });
});
