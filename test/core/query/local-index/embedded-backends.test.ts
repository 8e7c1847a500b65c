import { describe, expect, it } from 'vitest';
import { encodeIndex } from '../../../../src/core/build-time/local-index/index-encode';
import { trainLsa } from '../../../../src/core/build-time/local-index/lsa-train';
import { localEmbedder } from '../../../../src/core/query/local-index/embedded-backends';
import { decodeIndex } from '../../../../src/core/query/local-index/index-format';
import { embedWithLsa } from '../../../../src/core/query/local-index/lsa-model';

/** An embedded index of `texts` with an LSA model trained on them. */
function indexOf(texts: string[]) {
  const lsa = trainLsa(texts, { dims: 2 });
  return decodeIndex(
    encodeIndex({
      collection: 'book',
      embedder: { kind: 'lsa', model: 'lsa', dims: lsa.dims, model_id: lsa.modelId },
      ids: texts.map((_, i) => i + 1),
      payloads: texts.map((text) => ({ text })),
      dense: { vectors: texts.map((t) => Array.from(embedWithLsa(lsa, t))) },
      sparse: { name: 'bm25', vectors: texts.map(() => ({ indices: [], values: [] })) },
      bm25: { avgLen: 5 },
      lsa,
    }),
  );
}

describe('localEmbedder.embedQuery: the verb of a definition frame names no topic', () => {
  // A posting's red flags say "means" twice; the glossary names OTE. "Mean" in the query pulled its
  // vector towards the red flags.
  const index = indexOf([
    'Red flags: unpaid trial work means exploitation; a vague salary means a low one.',
    'OTE: on-target earnings, the base salary plus commission at target.',
    'Negotiate the salary after the offer, not before.',
  ]);

  it('embeds "what does OTE mean" as its words without the verb', async () => {
    const embedder = localEmbedder(index);
    const query = Array.from(await embedder.embedQuery('what does OTE mean?'));
    expect(query).toEqual(Array.from(embedWithLsa(index.lsa!, 'what does OTE ?')));
    expect(query).not.toEqual(Array.from(embedWithLsa(index.lsa!, 'what does OTE mean?')));
  });

  it('keeps the verb when the model knows no other word of the question, and labels as written', async () => {
    const embedder = localEmbedder(index);
    expect(Array.from(await embedder.embedQuery('what does XYZZY mean?'))).toEqual(Array.from(embedWithLsa(index.lsa!, 'what does XYZZY mean?')));
    // A heading is no question: a heading "What does OTE mean" keeps all its words.
    expect(Array.from(embedder.embedLabel!('What does OTE mean'))).toEqual(Array.from(embedWithLsa(index.lsa!, 'What does OTE mean')));
  });
});
