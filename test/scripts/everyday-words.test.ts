/**
 * The committed everyday-word list is what scripts/everyday-words.ts makes of the SUBTLEX package,
 * so the term rule's list is the package's data, regenerated with it, never edited by hand.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { everydayModule, everydayWords } from '../../scripts/everyday-words';
import { EVERYDAY_WORDS } from '../../src/core/query/book-terms/everyday-words';

describe('everyday words', () => {
  it('are the generator output for the installed SUBTLEX list (run scripts/everyday-words.ts after updating it)', () => {
    const committed = readFileSync(resolve(import.meta.dirname, '../../src/core/query/book-terms/everyday-words.ts'), 'utf8');
    expect(committed).toBe(everydayModule(everydayWords()));
  });

  it('hold the talk of a question and none of the stopwords, which weigh nothing already', () => {
    for (const word of ['get', 'wait', 'stuff', 'want']) expect(EVERYDAY_WORDS.has(word)).toBe(true);
    for (const word of ['the', 'of', 'gasket', 'kubernetes']) expect(EVERYDAY_WORDS.has(word)).toBe(false);
  });
});
