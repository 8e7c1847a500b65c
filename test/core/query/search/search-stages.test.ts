/**
 * search-stages.ts: what `prepareQueries` tells ranking about the local model's reading of a
 * question (the fusion arithmetic itself is tested in heading-match.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../../src/core/common/config/parse-config';
import type { QueryEmbedder } from '../../../../src/core/query/ports';
import { parseSearchParams } from '../../../../src/core/query/search/search-params';
import { planSearch } from '../../../../src/core/query/search/search-plan';
import { prepareQueries, sparseWordWeights } from '../../../../src/core/query/search/search-stages';
import { tokenId } from '../../../../src/core/common/bm25/index';
import { SUBJECT_MODIFIER_WEIGHT, subjectModifierWeights } from '../../../../src/core/query/search/definition-query';

const config = parseConfig({});
const embedder = (kind: 'lsa' | 'cohere'): QueryEmbedder => ({
  descriptor: { kind, model: kind, dimension: 2 },
  cacheable: kind === 'cohere',
  embedQuery: async () => Float32Array.from([1, 0]),
});

function prepared(q: string, kind: 'lsa' | 'cohere') {
  const params = parseSearchParams({ q, mode: 'hybrid' }, config);
  return prepareQueries(params, planSearch(params, config), embedder(kind), { vector: Float32Array.from([1, 0]), cache: 'miss' }, { config });
}

describe('prepareQueries: the share of the question the local model reads', () => {
  it('is the share of its search terms that are not stopwords written in capitals, for the local model only', () => {
    expect(prepared('difference between WHERE and HAVING', 'lsa').semanticShare).toBeCloseTo(1 / 3);
    // Every term readable, or Cohere (which reads the question as written): the dense list weighs fully.
    expect(prepared('difference between where and having', 'lsa').semanticShare).toBeUndefined();
    expect(prepared('difference between WHERE and HAVING', 'cohere').semanticShare).toBeUndefined();
  });

  it('leaves out the terms it reads wrong, an acronym read as a plural ("PERS" as "per"), when the book writes the acronym', () => {
    const params = parseSearchParams({ q: 'what does a PERS alarm do', mode: 'hybrid' }, config);
    const withBook = (chunkShare: (stem: string) => number) =>
      prepareQueries(params, planSearch(params, config), embedder('lsa'), { vector: Float32Array.from([1, 0]), cache: 'miss' }, { config }, { text: params.q, read: [], chunkShare });
    // Two terms, "per" and "alarm": the model reads "alarm" right.
    expect(withBook((stem) => (stem === 'acronym:pers' ? 0.02 : 0.1)).semanticShare).toBeCloseTo(1 / 2);
    expect(withBook((stem) => (stem.startsWith('acronym:') ? 0 : 0.1)).semanticShare).toBeUndefined();
  });
});

describe("prepareQueries: a definition's subject modifiers weigh less in the BM25 question", () => {
  // A book where "ros" and "2" are in 60 % of the chunks and "action" in 2 %.
  const chunkShare = (stem: string) => (stem === 'action' ? 0.02 : 0.6);
  const weightsOf = (q: string, withBook = true) => {
    const params = parseSearchParams({ q, mode: 'keyword' }, config);
    const bookWords = withBook ? { text: q, read: [], chunkShare } : null;
    const sparse = prepareQueries(params, planSearch(params, config), null, null, { config }, bookWords).intent.sparse!;
    return new Map(sparse.indices.map((id, i) => [id, sparse.values[i]]));
  };

  it("halves the term's modifiers the book uses everywhere, never its head", () => {
    const weights = weightsOf('What is a ROS 2 action?');
    expect(weights.get(tokenId('ros'))).toBe(SUBJECT_MODIFIER_WEIGHT);
    expect(weights.get(tokenId('2'))).toBe(SUBJECT_MODIFIER_WEIGHT);
    expect(weights.get(tokenId('action'))).toBe(1);
  });

  it('leaves every weight at 1 for another question, or when the vocabulary is unknown', () => {
    expect([...weightsOf('How do I send a ROS 2 action goal?').values()].every((w) => w === 1)).toBe(true);
    expect([...weightsOf('What is a ROS 2 action?', false).values()].every((w) => w === 1)).toBe(true);
  });

  it("weighs the question's frame nothing beside the subject modifiers, the frame winning where a word is both", () => {
    expect(sparseWordWeights('What does a ROS 2 action mean?', chunkShare)).toEqual(
      new Map([
        ['ros', SUBJECT_MODIFIER_WEIGHT],
        ['2', SUBJECT_MODIFIER_WEIGHT],
        ['mean', 0],
        ['stand', 0],
        ['meant', 0],
      ]),
    );
    // "Find" a name the book uses everywhere, and the verb of the frame: the frame's 0.
    expect(sparseWordWeights('What is the Find Out tool? Where can I find out more', () => 0.6).get('find')).toBe(0);
    expect(subjectModifierWeights('What is the Find Out tool? Where can I find out more', () => 0.6).get('find')).toBe(SUBJECT_MODIFIER_WEIGHT);
    expect(weightsOf('where do I find the ROS 2 launch files?').get(tokenId('find'))).toBe(0);
  });

  it("asks for an acronym's token alone when its final S made its stem and the book writes it in capitals", () => {
    const share = (stem: string) => (stem === 'acronym:pers' ? 0.02 : 0.1);
    expect(sparseWordWeights('what is a PERS', share).get('per')).toBe(0);
    // The book never writes "PERS" in capitals: the stem is its only way to the word.
    expect(sparseWordWeights('what is a PERS', (stem) => (stem.startsWith('acronym:') ? 0 : 0.1)).has('per')).toBe(false);
    expect(sparseWordWeights('what is a pers', share).has('per')).toBe(false);
    // The acronyms the caller read already (prepareQueries reads them once for both lists) are the ones used.
    expect(sparseWordWeights('what is a PERS', share, []).has('per')).toBe(false);
  });

  it("weighs the question's frame nothing before the book's vocabulary is known too, its subject words 1", () => {
    // A collection ingested before the vocabulary existed, or a deployment's first search: the
    // frame is read from the question alone.
    const weights = weightsOf('where do I find the ROS 2 launch files?', false);
    expect(weights.get(tokenId('find'))).toBe(0);
    expect(weights.get(tokenId('launch'))).toBe(1);
    expect(weightsOf('What does a ROS 2 action mean?', false).get(tokenId('mean'))).toBe(0);
    expect(weightsOf('What does a ROS 2 action mean?', false).get(tokenId('ros'))).toBe(1);
  });
});
