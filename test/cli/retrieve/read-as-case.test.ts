/**
 * `summary.read_as` end to end (the sample book, in-process): the book's word is shown as the
 * passages returned write it, with the capital they give it when the reader wrote one.
 */
import { expect, it } from 'vitest';
import type { SearchOutcome } from '../../../src/core/query/search/search-outcome';
import { retrieve } from './support';

async function readAs(question: string): Promise<SearchOutcome['summary']['read_as']> {
  const run = await retrieve([question, '-k', '2', '--json']);
  expect(run.code).toBe(0);
  return (JSON.parse(run.out) as SearchOutcome).summary.read_as;
}

it("keeps the passage's capital when the reader wrote one, else shows the word in lower case", async () => {
  // The passages returned write "Reliability" (a heading): a reader's capital names it as they do.
  expect(await readAs('Relaibility in QoS')).toEqual([{ word: 'Relaibility', as: 'Reliability', how: 'misspelt' }]);
  expect(await readAs('relaibility in QoS')).toEqual([{ word: 'relaibility', as: 'reliability', how: 'misspelt' }]);
});
