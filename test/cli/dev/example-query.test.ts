/**
 * src/cli/dev/example-query.ts: the question `npm run dev` suggests comes from the book served.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exampleQuery, SAMPLE_BOOK_QUESTION, suggestedQuestion, tryLine } from '../../../src/cli/dev/example-query';
import { collectChunks } from '../../../src/cli/ingest/collect-chunks';

describe('exampleQuery', () => {
  it('takes the first topic-like section heading of a real book', async () => {
    const book = await collectChunks(resolve(__dirname, '../../fixtures/books/mini'), { baseUrl: '', routeBasePath: '/docs' });
    const question = exampleQuery(book.chunks.map((chunk) => chunk.payload));
    expect(question).not.toBeNull();
    // A heading of the book, as written in one of its chunks.
    expect(book.chunks.some((chunk) => chunk.payload.section === question)).toBe(true);
  });

  it('skips overview pages, one-word and long headings, and the parts every book has', () => {
    expect(exampleQuery([
      { kind: 'overview', section: 'Chapters in this module' },
      { kind: 'content', section: null },
      { kind: 'content', section: 'Setup' },
      { kind: 'content', section: 'Introduction to the course' },
      { kind: 'content', section: 'See also' },
      { kind: 'content', section: 'A heading that goes on for far too many words' },
      { kind: 'content', section: 'Changing  hostname' },
    ])).toBe('Changing hostname');
    expect(exampleQuery([{ kind: 'content', section: 'Overview' }])).toBeNull();
    // The home page's prose is demoted in ranking, not in what the dev server suggests.
    expect(exampleQuery([{ kind: 'overview', section: 'The parts of this book' }, { kind: 'home', section: 'Why keep bees' }])).toBe('Why keep bees');
  });
});

describe('tryLine', () => {
  it('URL-encodes the question for a single-quoted shell argument', () => {
    expect(tryLine('http://127.0.0.1:8787', 'What is a ROS 2 topic?')).toBe("  try: curl 'http://127.0.0.1:8787/search?q=What+is+a+ROS+2+topic%3F&k=3'");
    expect(tryLine('http://[::1]:8787', "Bob's C++ & you")).toBe("  try: curl 'http://[::1]:8787/search?q=Bob%27s+C%2B%2B+%26+you&k=3'");
    expect(tryLine('http://127.0.0.1:8787', null)).toBe("  try: curl 'http://127.0.0.1:8787/search?q=YOUR+QUESTION&k=3'");
  });
});

describe('suggestedQuestion', () => {
  const payloads = async () => [{ kind: 'content' as const, section: 'Changing the hostname' }];

  it('suggests none when the Worker searches Qdrant, without reading the local book', async () => {
    let read = false;
    const question = await suggestedQuestion({ QDRANT_URL: 'http://127.0.0.1:6333' }, true, async () => {
      read = true;
      return payloads();
    });
    expect(question).toBeNull();
    expect(read).toBe(false);
  });

  it("asks the sample book the README's question, and any other book one of its headings", async () => {
    expect(await suggestedQuestion({}, true, payloads)).toBe(SAMPLE_BOOK_QUESTION);
    expect(await suggestedQuestion({ QDRANT_URL: '' }, false, payloads)).toBe('Changing the hostname');
  });
});
