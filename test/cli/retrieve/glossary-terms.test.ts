/**
 * bench/quality/glossary-terms.ts (`bench/glossary-definitions.ts`): the terms of a glossary page,
 * read as ingest reads a glossary's entries.
 */
import { describe, expect, it } from 'vitest';
import { glossaryTerms } from '../../../bench/quality/glossary-terms';

describe('glossaryTerms', () => {
  it('reads each bold term before a colon or a dash, its bracket left out, each once', () => {
    const page = [
      '# Glossary',
      '',
      '**Colic**: crying for more than three hours a day.',
      '- **GOR (reflux)** — milk coming back up.',
      '* **Cluster feeding:** a run of feeds close together.',
      '**Colic**: said twice.',
      'A sentence with **bold words**: not at the line start, still an entry? No: it opens with text.',
      '**X**: one letter.',
    ].join('\n');
    expect(glossaryTerms(page)).toEqual(['Colic', 'GOR', 'Cluster feeding']);
  });

  it('reads nothing from prose that merely uses bold', () => {
    expect(glossaryTerms('Use **sterile** water. **Never** reuse it.')).toEqual([]);
  });
});
