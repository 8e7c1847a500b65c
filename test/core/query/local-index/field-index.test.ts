import { describe, expect, it } from 'vitest';
import { bm25QueryVector } from '../../../../src/core/common/bm25/index';
import type { Payload } from '../../../../src/core/common/types';
import { fieldText, fieldVectors, isHomePage, scoreFields } from '../../../../src/core/query/local-index/field-index';
import type { EmbeddedIndex } from '../../../../src/core/query/local-index/index-types';

// A book named after its subject: the home page's title and H1 hold the word of almost every question.
const home = (trail: string[]): Payload => ({ title: 'Keeping Backyard Chickens', module: null, source_url: '/docs/', heading_trail: trail });
const payloads: Payload[] = [
  home(['Keeping Backyard Chickens']),
  home(['Keeping Backyard Chickens', 'Do you need a cockerel?']),
  { title: 'Feed and water', module: '03-feeding', source_url: '/docs/feeding/feed-and-water', heading_trail: ['Feed and water', 'Foods that are poisonous'] },
  { title: 'Housing overview', module: '02-housing', source_url: '/docs/housing/', heading_trail: ['Housing'] },
];
// scoreFields derives the field vectors from the payloads when the index has no `fields` section.
const index = { size: payloads.length, payload: (p: number) => payloads[p]! } as unknown as EmbeddedIndex;

describe('fieldText', () => {
  it('leaves the book name (title and H1) out of the home page\'s field and keeps its sections\' headings', () => {
    expect(fieldText(payloads[0]!)).toBe('');
    expect(fieldText(payloads[1]!)).toBe('Do you need a cockerel?');
  });

  it('keeps the title of every other page: a part\'s landing page, a page at the root, a payload of another shape', () => {
    expect(fieldText(payloads[3]!)).toBe('Housing overview\nHousing');
    expect(fieldText({ title: 'Glossary', module: null, source_url: '/docs/glossary', heading_trail: ['Glossary'] })).toBe('Glossary');
    // A collection of other payloads has no `module`: its pages are not taken for the home page.
    expect(fieldText({ title: 'Welcome', source_url: 'https://site.example/guide/', headings: ['Welcome'] })).toBe('Welcome');
  });
});

describe('isHomePage', () => {
  it('is the page in no module served at a URL ending in a slash (slug: /, a root index.md)', () => {
    expect(isHomePage({ module: null, source_url: 'https://book.example/docs/' })).toBe(true);
    expect(isHomePage({ module: '02-housing', source_url: '/docs/housing/' })).toBe(false);
    expect(isHomePage({ module: null, source_url: '/docs/intro' })).toBe(false);
  });
});

describe('the heading field on a book named after its subject', () => {
  it('gives the home page no heading score for the book name\'s word, and its own heading still scores', () => {
    const chickens = scoreFields(index, bm25QueryVector('what foods are poisonous to chickens'));
    expect([...chickens.keys()]).toEqual([2]);
    expect([...scoreFields(index, bm25QueryVector('do I need a cockerel')).keys()]).toEqual([1]);
  });

  it('writes the same vectors at ingest (the embedded index and a Qdrant collection)', () => {
    const { vectors } = fieldVectors(payloads);
    expect(vectors[0]!.indices).toEqual([]);
    expect(vectors[1]!.indices).toEqual(bm25QueryVector('Do you need a cockerel?').indices);
  });
});
