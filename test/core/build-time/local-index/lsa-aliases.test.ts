import { describe, expect, it } from 'vitest';
import { embedWithLsa } from '../../../../src/core/query/local-index/lsa-model';
import { dequantizeRows } from '../../../../src/core/query/local-index/projection-codec';
import { trainLsa } from '../../../../src/core/build-time/local-index/lsa-train';
import { withAliases } from '../../../../src/core/build-time/local-index/lsa-aliases';

const corpus = [
  'Pick a color for the prompt and the terminal background color.',
  'The prompt color and font size live in the terminal settings.',
  'Compile the kernel module with make and load it with modprobe.',
  'A kernel module is loaded at boot unless it is blacklisted.',
  'Backups run every night from a cron job.',
  'The cron job copies files to the backup disk.',
];
const dot = (a: Float32Array, b: Float32Array): number => a.reduce((s, x, i) => s + x * b[i]!, 0);

describe('withAliases', () => {
  const model = trainLsa(corpus, { dims: 3, seed: 7 });
  const taught = withAliases(model, new Map([['colour', ['color']], ['kernel', ['cron']], ['nothing', ['absent']]]));

  it('gives an alias the direction of the book word it stands for', () => {
    expect(embedWithLsa(model, 'colour').every((x) => x === 0)).toBe(true);
    expect(dot(embedWithLsa(taught, 'colour'), embedWithLsa(model, 'color'))).toBeCloseTo(1, 4);
    const scores = corpus.map((text) => dot(embedWithLsa(taught, 'colour'), embedWithLsa(taught, text)));
    expect(scores.indexOf(Math.max(...scores))).toBeLessThan(2);
  });

  it('leaves the trained rows, every document vector and words already known untouched', () => {
    expect(taught.vocab.slice(0, model.vocab.length)).toEqual(model.vocab);
    expect(taught.projection.subarray(0, model.projection.length)).toEqual(model.projection);
    for (const text of corpus) expect(embedWithLsa(taught, text)).toEqual(embedWithLsa(model, text));
    // 'kernel' is a book word: it keeps its own meaning; 'nothing' has no known source: not added.
    expect(taught.vocab.filter((t) => t === 'kernel')).toHaveLength(1);
    expect(taught.vocab).not.toContain('nothing');
    expect(taught.vocab.length).toBe(model.vocab.length + 1);
  });

  it('keeps the int8 form in step (what the index stores) and changes the model id', () => {
    expect(taught.quantized!.scales.length).toBe(taught.vocab.length);
    expect(dequantizeRows(taught.quantized!, taught.dims)).toEqual(taught.projection);
    expect(taught.idf.length).toBe(taught.vocab.length);
    expect(taught.modelId).not.toBe(model.modelId);
  });

  it('returns the model itself when there is nothing to add', () => {
    expect(withAliases(model, new Map([['color', ['prompt']]]))).toBe(model);
  });
});
