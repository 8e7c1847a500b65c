import { describe, expect, it } from 'vitest';
import { breadcrumb } from '../../../src/web/demo/render-result';
import type { SearchResult } from '../../../src/client/index';

describe('breadcrumb', () => {
  const content = '# Storing your crops\n\nCrops differ.\n\n## Storage conditions\n\n| Crop | How long |\n| --- | --- |\n| Onions | 6–8 months |';
  const base = { module_title: 'Harvest', title: 'Storing your crops', section: 'Storing your crops', content } as unknown as SearchResult;

  it('ends with the section the Worker says the highlight lies under, said once', () => {
    const start = content.indexOf('| Onions');
    const highlight = { text: '', start, end: content.length, terms: [] };
    expect(breadcrumb({ ...base, highlight: { ...highlight, section: 'Storage conditions', section_url: '/harvest#storage-conditions' } })).toEqual(['Harvest', 'Storing your crops', 'Storage conditions']);
    // Without the Worker's word (an older server or collection) the chunk's own label stands.
    expect(breadcrumb({ ...base, highlight })).toEqual(['Harvest', 'Storing your crops']);
    expect(breadcrumb({ ...base, highlight: null } as unknown as SearchResult)).toEqual(['Harvest', 'Storing your crops']);
  });
});
