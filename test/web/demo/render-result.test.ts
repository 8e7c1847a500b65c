import { describe, expect, it } from 'vitest';
import { breadcrumb } from '../../../src/web/demo/render-result';
import type { SearchResult } from '../../../src/client/index';

describe('breadcrumb', () => {
  const content = '# Storing your crops\n\nCrops differ.\n\n## Storage conditions\n\n| Crop | How long |\n| --- | --- |\n| Onions | 6–8 months |';
  const base = { module_title: 'Harvest', title: 'Storing your crops', section: 'Storing your crops', content } as unknown as SearchResult;

  it('ends with the section the highlight lies under, said once', () => {
    const start = content.indexOf('| Onions');
    expect(breadcrumb({ ...base, highlight: { text: '', start, end: content.length, terms: [] } })).toEqual(['Harvest', 'Storing your crops', 'Storage conditions']);
    expect(breadcrumb({ ...base, highlight: null } as unknown as SearchResult)).toEqual(['Harvest', 'Storing your crops']);
  });
});
