import { describe, expect, it } from 'vitest';
import { embedStemsWithLsa, embedWithLsa, lsaModelId, type LsaModel } from '../../../../src/core/query/local-index/lsa-model';
import { LSA_DIMS_MAX, LSA_DIMS_MIN, lsaDims, trainLsa, trainLsaOnStems } from '../../../../src/core/build-time/local-index/lsa-train';
import { analyzeText } from '../../../../src/core/common/bm25/index';
import { RetrieverError } from '../../../../src/core/common/errors';

const cars = [
  'The car has a powerful engine and four wheels.',
  'An automobile engine needs fuel and oil.',
  'The driver parked the car in the garage.',
  'Automobile drivers check the engine oil in the garage.',
  'Car wheels and engine maintenance for every driver.',
];
const fruit = [
  'Apple and banana are sweet fruit.',
  'A banana smoothie with fresh fruit.',
  'Apple pie is a classic fruit dessert.',
  'Fresh apple juice and banana bread.',
  'Fruit salad with apple, banana and orange.',
];
const corpus = [...cars, ...fruit];

const dot = (a: Float32Array, b: Float32Array): number => a.reduce((s, x, i) => s + x * b[i]!, 0);

describe('trainLsa + embedWithLsa', () => {
  const model = trainLsa(corpus, { dims: 2 });
  const docs = corpus.map((t) => embedWithLsa(model, t));

  it('retrieves related documents that do not contain the query word', () => {
    const q = embedWithLsa(model, 'automobile');
    const scores = docs.map((d) => dot(d, q));
    // cars[2] and cars[4] never say "automobile" (plain TF-IDF would score them 0) …
    for (const i of [2, 4]) expect(corpus[i]!.toLowerCase()).not.toContain('automobile');
    // … yet they are close to the query, and every car text beats every fruit text.
    expect(scores[2]).toBeGreaterThan(0.8);
    expect(scores[4]).toBeGreaterThan(0.8);
    const worstCar = Math.min(...scores.slice(0, 5));
    const bestFruit = Math.max(...scores.slice(5));
    expect(worstCar).toBeGreaterThan(bestFruit + 0.5);
  });

  it('works the other way round too ("banana" finds the apple pie)', () => {
    const q = embedWithLsa(model, 'banana');
    expect(corpus[7]).not.toMatch(/banana/i);
    expect(dot(docs[7]!, q)).toBeGreaterThan(0.8);
    expect(dot(docs[2]!, q)).toBeLessThan(0.3);
  });

  it('gives unit vectors, and the zero vector for text with no known word', () => {
    for (const d of docs) expect(Math.hypot(...d)).toBeCloseTo(1, 5);
    const none = embedWithLsa(model, 'zebra xylophone');
    expect(none).toHaveLength(model.dims);
    expect([...none].every((x) => x === 0)).toBe(true);
  });

  it('keeps only stems found in ≥ minDf texts, capped at maxVocab by document frequency', () => {
    expect(model.vocab).toContain('automobil');
    expect(trainLsa(corpus, { dims: 2, minDf: 2 }).vocab).not.toContain('dessert'); // one text only
    const capped = trainLsa(corpus, { dims: 2, maxVocab: 3 });
    // df: fruit 4, banana 4, apple 4, engin 4, car 3… → the three 4s that sort first.
    expect(capped.vocab).toEqual(['appl', 'banana', 'engin']);
    // The default keeps single-text terms, so a word seen once in a small book stays searchable.
    expect(model.vocab).toContain('dessert');
  });

  it('uses smooth idf ln((1+N)/(1+df)) + 1', () => {
    const i = model.vocab.indexOf('automobil'); // df = 2, N = 10
    expect(model.idf[i]).toBeCloseTo(Math.log(11 / 3) + 1, 6);
  });

  it('caps dims at min(N − 1, V)', () => {
    const small = trainLsa(['robot arm', 'robot arm', 'robot leg', 'leg arm'], { dims: 128 });
    expect(small.dims).toBeLessThanOrEqual(3);
    expect(small.projection).toHaveLength(small.vocab.length * small.dims);
    expect(small.modelId).toMatch(new RegExp(`^lsa-${small.dims}-[0-9a-f]{8}$`));
  });

  it('gives larger books more dimensions: 128 up to 512 chunks, one per 4 chunks above, at most 384', () => {
    expect(lsaDims(30)).toBe(LSA_DIMS_MIN);
    expect(lsaDims(512)).toBe(128);
    expect(lsaDims(600)).toBe(150);
    expect(lsaDims(1195)).toBe(299);
    expect(lsaDims(1536)).toBe(LSA_DIMS_MAX);
    expect(lsaDims(50_000)).toBe(384);
    for (let n = 1; n < 2000; n += 37) expect(lsaDims(n + 37)).toBeGreaterThanOrEqual(lsaDims(n));
  });

  it('trains as many dimensions as the book size calls for when none are asked', () => {
    // 600 texts of distinct words: the matrix has rank well above the 150 that lsaDims(600) asks for.
    const texts = Array.from({ length: 600 }, (_, i) => `w${i}x w${i + 1}x w${(i * 7) % 600}y`);
    expect(trainLsa(texts).dims).toBe(150);
    expect(trainLsa(texts, { dims: 32 }).dims).toBe(32);
  });

  it('is deterministic: two trainings give identical bytes and id', () => {
    const a = trainLsa(corpus, { dims: 4 });
    const b = trainLsa([...corpus], { dims: 4 });
    expect(a.vocab).toEqual(b.vocab);
    expect(Buffer.from(a.projection.buffer).equals(Buffer.from(b.projection.buffer))).toBe(true);
    expect(Buffer.from(a.idf.buffer).equals(Buffer.from(b.idf.buffer))).toBe(true);
    expect(a.modelId).toBe(b.modelId);
  });

  it('embeds from the int8 rows exactly as from the float rows they decode to (what a decoded index reads)', () => {
    const floatOnly: LsaModel = { vocab: model.vocab, idf: model.idf, projection: model.projection, dims: model.dims, modelId: model.modelId };
    for (const text of [...corpus, 'engine banana engine', 'nothing known here']) {
      const fromInt8 = embedWithLsa(model, text);
      expect(Buffer.from(fromInt8.buffer).equals(Buffer.from(embedWithLsa(floatOnly, text).buffer))).toBe(true);
    }
  });

  it('trains and embeds from stems exactly as from the texts they analyze (ingest analyzes each chunk once)', () => {
    const fromTexts = trainLsa(corpus, { dims: 4 });
    const fromStems = trainLsaOnStems(corpus.map(analyzeText), { dims: 4 });
    expect(fromStems.vocab).toEqual(fromTexts.vocab);
    expect(Buffer.from(fromStems.projection.buffer).equals(Buffer.from(fromTexts.projection.buffer))).toBe(true);
    expect(fromStems.modelId).toBe(fromTexts.modelId);
    for (const text of [...corpus, 'engine banana engine', 'nothing known here']) {
      expect(Buffer.from(embedStemsWithLsa(model, analyzeText(text)).buffer).equals(Buffer.from(embedWithLsa(model, text).buffer))).toBe(true);
    }
  });

  it('rejects a corpus it cannot learn from', () => {
    expect(() => trainLsa(['only one text'])).toThrow(RetrieverError);
    expect(() => trainLsa(['alpha', 'beta'], { minDf: 2 })).toThrow(/at least 2 texts sharing/);
    expect(() => trainLsa(corpus, { dims: 0 })).toThrow(/dims/);
  });
});

describe('embedWithLsa on a hand-built model', () => {
  const projection = Float32Array.from([1, 0, 0, 1]); // identity: the vector is the TF-IDF itself
  const model: LsaModel = {
    vocab: ['robot', 'sensor'],
    idf: Float32Array.from([1, 2]),
    projection,
    dims: 2,
    modelId: lsaModelId(['robot', 'sensor'], 2, projection),
  };

  it('applies sublinear tf (1 + ln tf) and idf, then normalises', () => {
    // robot: tf 2 → (1 + ln 2)·1; sensor: tf 1 → 1·2.
    const v = embedWithLsa(model, 'Robots, a robot and the sensor.');
    const r = 1 + Math.log(2);
    const norm = Math.hypot(r, 2);
    expect(v[0]).toBeCloseTo(r / norm, 6);
    expect(v[1]).toBeCloseTo(2 / norm, 6);
  });

  it('model ids change with the vocabulary, the dims or the projection', () => {
    const id = model.modelId;
    expect(lsaModelId(['robot', 'sensors'], 2, projection)).not.toBe(id);
    expect(lsaModelId(['robot', 'sensor'], 2, Float32Array.from([1, 0, 0, -1]))).not.toBe(id);
    expect(lsaModelId(['robot', 'sensor'], 2, Float32Array.from([1, 0, 0, 1]))).toBe(id);
  });
});
