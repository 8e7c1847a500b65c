/**
 * Teaches a trained LSA model words the book does not use but a reader may type, WITHOUT
 * retraining: each alias stem gets the (IDF-weighted) mean direction of the book stems it stands
 * for — "colour" the row of "color", "cloud" the row of "nextcloud". The SVD and every document
 * vector stay exactly as trained (measured: adding the same words to the training text moved
 * unrelated answers by noise alone); only queries that use an alias gain a meaning.
 */
import { lsaModelId, type LsaModel } from '../../query/local-index/lsa-model';
import { dequantizeRows, quantizeRows } from '../../query/local-index/projection-codec';

/**
 * An alias weighs this much of its source's IDF in a query: it is a guess at the reader's word,
 * less sure than the book's own. Measured (bench:quality, default mode): 1.0 gave the Linux book
 * MRR .761 but moved a sample question whose "recognizer" met a British "recognising" (semantic
 * MRR .969 → .957); 0.7 keeps every sample set and mode unchanged with book D hit@3 .806 → .839
 * (MRR .755); 0.5 lost the book D gain (.749).
 */
export const ALIAS_WEIGHT = 0.7;

/**
 * Returns `model` with one extra vocabulary row per alias whose stem is not already in the
 * vocabulary and whose sources are (aliases are sorted, so the result is deterministic). Its IDF
 * is `weight` × the smallest IDF of its sources.
 *
 * @example
 * const taught = withAliases(model, new Map([['colour', ['color']]]));
 * embedWithLsa(taught, 'colour'); // same direction as embedWithLsa(model, 'color')
 */
export function withAliases(model: LsaModel, aliases: ReadonlyMap<string, readonly string[]>, weight = ALIAS_WEIGHT): LsaModel {
  const { dims, vocab } = model;
  const index = new Map(vocab.map((term, i) => [term, i]));
  const added: { term: string; row: Float32Array; idf: number }[] = [];
  for (const alias of [...aliases.keys()].sort()) {
    if (index.has(alias)) continue;
    const sources = [...new Set(aliases.get(alias))].flatMap((stem) => {
      const t = index.get(stem);
      return t === undefined ? [] : [t];
    });
    if (sources.length === 0) continue;
    const row = new Float32Array(dims);
    let idf = Infinity;
    for (const t of sources) {
      const w = model.idf[t]!;
      idf = Math.min(idf, w * weight);
      for (let c = 0; c < dims; c++) row[c]! += w * model.projection[t * dims + c]!;
    }
    added.push({ term: alias, row, idf });
  }
  if (added.length === 0) return model;
  const extra = new Float32Array(added.length * dims);
  added.forEach(({ row }, i) => extra.set(row, i * dims));
  const q = quantizeRows(extra, dims);
  const tail = dequantizeRows(q, dims);
  const projection = new Float32Array(model.projection.length + tail.length);
  projection.set(model.projection);
  projection.set(tail, model.projection.length);
  const idf = new Float32Array(vocab.length + added.length);
  idf.set(model.idf);
  added.forEach((a, i) => (idf[vocab.length + i] = a.idf));
  const allVocab = [...vocab, ...added.map((a) => a.term)];
  const base = model.quantized ?? quantizeRows(model.projection, dims);
  const values = new Int8Array(base.values.length + q.values.length);
  values.set(base.values);
  values.set(q.values, base.values.length);
  const scales = new Float32Array(base.scales.length + q.scales.length);
  scales.set(base.scales);
  scales.set(q.scales, base.scales.length);
  return { vocab: allVocab, idf, projection, dims, modelId: lsaModelId(allVocab, dims, projection), quantized: { values, scales } };
}
