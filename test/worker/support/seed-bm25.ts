/**
 * Seeding for the retrieval-strategy tests: a collection with a dense vector AND a `bm25` sparse
 * vector (server-side IDF), as `npm run ingest` builds it, plus independent expectations of what
 * the fake will score — cosine over the fake's embeddings and BM25 from the document vectors and
 * the IDF formula — so tests can check the Worker's fusion against numbers they computed themselves.
 */
import { fakeEmbedding } from '../../support/fake-upstream/fake-embedding';
import { analyzeText, bm25DocumentVectorFromTokens, bm25QueryVector } from '../../../src/core/common/bm25/index';
import type { SeedDoc, Tenant } from './harness';

/** Options of {@link seedBm25Collection}. */
export interface Bm25SeedOptions {
  collection?: string;
  /** Named dense vector; unnamed when absent. */
  vectorName?: string;
  /** Name of the sparse vector (default `bm25`). */
  sparseName?: string;
  /** Leave the sparse vector out (a collection built before hybrid search existed). */
  withoutSparse?: boolean;
}

/** The average analysed length of the texts, as the ingest CLI computes it. */
export function averageLength(texts: readonly string[]): number {
  const total = texts.reduce((sum, text) => sum + analyzeText(text).length, 0);
  return texts.length && total ? total / texts.length : 1;
}

/**
 * Creates a collection with a 1024-d cosine dense vector and a `bm25` sparse vector (modifier
 * idf) and upserts the docs (text under `content`) with both vectors.
 */
export async function seedBm25Collection(t: Tenant, docs: SeedDoc[], options: Bm25SeedOptions = {}) {
  const collection = options.collection ?? 'textbook_chunks';
  const sparseName = options.sparseName ?? 'bm25';
  const dense = { size: 1024, distance: 'Cosine' };
  const avgLen = averageLength(docs.map((d) => d.text));
  await t.qdrant('PUT', `/collections/${collection}`, {
    vectors: options.vectorName ? { [options.vectorName]: dense } : dense,
    ...(options.withoutSparse ? {} : { sparse_vectors: { [sparseName]: { modifier: 'idf' } } }),
    metadata: { bm25: { avg_len: avgLen } },
  });
  // The fake embeds 96 texts per call at most.
  for (let start = 0; start < docs.length; start += 90) {
    const batch = docs.slice(start, start + 90);
    const embeddings = await t.embedDocuments(batch.map((d) => d.text));
    await t.qdrant('PUT', `/collections/${collection}/points?wait=true`, {
      points: batch.map((doc, i) => {
        const vector: Record<string, unknown> = { [options.vectorName ?? '']: embeddings[i] };
        if (!options.withoutSparse) vector[sparseName] = bm25DocumentVectorFromTokens(analyzeText(doc.text), avgLen);
        return { id: doc.id, vector, payload: { content: doc.text, ...doc.payload } };
      }),
    });
  }
}

function dot(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

/** Cosine of the fake's query and document embeddings (both unit length). */
export function expectedCosine(query: string, text: string): number {
  return dot(fakeEmbedding(query, 1024), fakeEmbedding(text, 1024));
}

/**
 * BM25 score the fake Qdrant should give `docs[i]` for `query`: Σ over query terms the document
 * has of idf·tf-part, idf = ln((N − df + 0.5)/(df + 0.5) + 1) (Qdrant's IDF modifier).
 * Null when the document shares no term with the query (an inverted index does not find it).
 */
export function expectedBm25(query: string, docs: readonly SeedDoc[]): (number | null)[] {
  const avgLen = averageLength(docs.map((d) => d.text));
  const vectors = docs.map((d) => bm25DocumentVectorFromTokens(analyzeText(d.text), avgLen));
  const terms = bm25QueryVector(query).indices;
  const n = docs.length;
  const idf = new Map(terms.map((term) => {
    const df = vectors.filter((v) => v.indices.includes(term)).length;
    return [term, Math.log((n - df + 0.5) / (df + 0.5) + 1)] as const;
  }));
  return vectors.map((v) => {
    let score = 0;
    let shared = false;
    v.indices.forEach((index, i) => {
      const w = idf.get(index);
      if (w !== undefined) {
        shared = true;
        score += w * Math.fround(v.values[i]!);
      }
    });
    return shared ? score : null;
  });
}
