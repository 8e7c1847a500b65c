import { describe, expect, it } from 'vitest';
import { wordSpans } from '../../../../src/core/build-time/ingest/word-spans';
import { chunksOf, expectLineRangesMatch, sentences } from './chunk-test-helpers';

const slices = (text: string, spans: [number, number][]): string[] => spans.map(([s, e]) => text.slice(s, e));

describe('wordSpans', () => {
  it('cuts between words into runs within the budget', () => {
    expect(wordSpans('one two three four', 0, 18, 2)).toEqual([[0, 7], [8, 18]]);
    const text = '## x\n\nalpha  beta\tgamma delta';
    expect(slices(text, wordSpans(text, 6, text.length, 2))).toEqual(['alpha  beta', 'gamma delta']);
  });

  it('cuts a word over the budget every `budget` characters, never inside a surrogate pair', () => {
    expect(slices('ab %%%%%%', wordSpans('ab %%%%%%', 0, 9, 4))).toEqual(['ab', '%%%%', '%%']);
    expect(slices('😀😀😀', wordSpans('😀😀😀', 0, 6, 2))).toEqual(['😀😀', '😀']);
  });
});

describe('chunks of a prose line longer than a chunk', () => {
  it('cuts a line of 100,000 words (no sentence end) into many chunks, each within budget, every word kept in order', async () => {
    const words = Array.from({ length: 100000 }, (_, i) => `word${i}`);
    const text = `# Line\n\n${words.join(' ')}\n`;
    const chunks = await chunksOf('line.md', text);
    expect(chunks.length).toBeGreaterThan(100);
    chunks.forEach(({ payload }, i) => {
      expect(payload.chunk_token_count).toBeLessThanOrEqual(450);
      // The first chunk starts at its heading; every part lies on line 3.
      expect([payload.start_line, payload.end_line]).toEqual([i === 0 ? 1 : 3, 3]);
      // Each chunk is a run of consecutive words (cut between words, never inside one).
      const shown = payload.content.replace(/^# Line\n\n/, '').split(' ');
      const first = words.indexOf(shown[0]!);
      expect(shown).toEqual(words.slice(first, first + shown.length));
    });
    const seen = new Set(chunks.flatMap((c) => c.payload.content.split(/\s+/)));
    expect(words.every((word) => seen.has(word))).toBe(true);
  });

  it('keeps the line ranges exact for the parts of a long line between ordinary lines', async () => {
    const long = Array.from({ length: 3000 }, (_, i) => `term${i}`).join(' ');
    const text = `## Mixed\n\nA first line opens the paragraph\n${long}\nand a last line closes it.\n\nAfter it.\n`;
    const chunks = await chunksOf('mixed.md', text);
    expect(chunks.length).toBeGreaterThan(3);
    for (const { payload } of chunks) expect(payload.chunk_token_count).toBeLessThanOrEqual(450);
    expect(chunks[0]!.payload.start_line).toBe(1);
    expect(chunks.slice(1, -1).every((c) => c.payload.start_line === 4 && c.payload.end_line === 4)).toBe(true);
    expect(chunks.at(-1)!.payload.end_line).toBeGreaterThanOrEqual(5);
    expectLineRangesMatch(text, chunks);
  });

  it('cuts a single 10,000-character word between characters', async () => {
    // `%` costs a token each (estimate-tokens.ts): 10,000 of them are 10,000 tokens.
    const chunks = await chunksOf('blob.md', `# Blob\n\n${'%'.repeat(10000)}\n`);
    expect(chunks.length).toBeGreaterThan(10);
    for (const { payload } of chunks) expect(payload.chunk_token_count).toBeLessThanOrEqual(450);
    // Overlap repeats a little between chunks: the whole word is there, and more.
    expect(chunks.map((c) => c.payload.content.replace(/[^%]/g, '')).join('').length).toBeGreaterThanOrEqual(10000);
  });

  it('leaves a line within the maximum whole, and cuts a long wrapped sentence only at its line breaks', async () => {
    const line = Array.from({ length: 350 }, (_, i) => `w${i}`).join(' '); // one line of ~350 tokens, no sentence end
    expect((await chunksOf('one.md', `# One\n\n${line}\n`)).map((c) => c.payload.content)).toEqual([`# One\n\n${line}`]);
    const wrapped = sentences(60, 'Wrap').map((s) => s.replace(/\.$/, ',')).join('\n');
    const text = `# Wrapped\n\n${wrapped}\n`;
    const chunks = await chunksOf('wrapped.md', text);
    expect(chunks.length).toBeGreaterThan(1);
    const lines = wrapped.split('\n');
    for (const { payload } of chunks) {
      for (const shown of payload.content.split('\n').filter((l) => l.startsWith('Wrap'))) expect(lines).toContain(shown);
    }
    expectLineRangesMatch(text, chunks);
  });
});
