import { describe, expect, it } from 'vitest';
import { checkQueryVector } from '../../../../src/core/query/search/collection-check';
import type { CollectionInfo, EmbedderDescriptor } from '../../../../src/core/query/ports';

const collection = (embedder: Record<string, unknown>, size: number): CollectionInfo => ({
  name: 'book',
  pointsCount: 10,
  denseVectors: { '': { size, distance: 'Cosine' } },
  sparseVectors: {},
  metadata: { embedder },
});
const messageOf = (info: CollectionInfo, embedder: EmbedderDescriptor, length: number): string => {
  try {
    checkQueryVector(info, null, embedder, length);
  } catch (error) {
    return (error as Error).message;
  }
  return '';
};

describe('checkQueryVector remedies', () => {
  const lsa = (model: string): EmbedderDescriptor => ({ kind: 'lsa', model, dimension: 128 });
  const cohere: EmbedderDescriptor = { kind: 'cohere', model: 'embed-english-v3.0', dimension: 1024 };

  it('names the missing Cohere key when the local model stands in for a Cohere collection', () => {
    expect(messageOf(collection({ kind: 'cohere', model: 'embed-english-v3.0' }, 1024), lsa('lsa-128-aa'), 128)).toContain('COHERE_API_KEY must be set');
  });

  it('tells a local collection queried with Cohere to unset the key or re-ingest', () => {
    expect(messageOf(collection({ kind: 'lsa', model: 'lsa', model_id: 'lsa-128-aa' }, 128), cohere, 1024)).toContain('unset COHERE_API_KEY');
  });

  it('does not tell a deployment without a Cohere key to unset it when two builds of the local model differ', () => {
    const message = messageOf(collection({ kind: 'lsa', model: 'lsa', model_id: 'lsa-128-aa' }, 128), lsa('lsa-128-bb'), 128);
    expect(message).toContain('different builds of the book');
    expect(message).not.toContain('unset COHERE_API_KEY');
    expect(message).toContain('npm run build:index');
    expect(message).not.toContain('--embedder lsa'); // ingest refuses it for Qdrant
  });

  it('accepts the recorded model', () => {
    expect(messageOf(collection({ kind: 'lsa', model: 'lsa', model_id: 'lsa-128-aa' }, 128), lsa('lsa-128-aa'), 128)).toBe('');
  });
});
