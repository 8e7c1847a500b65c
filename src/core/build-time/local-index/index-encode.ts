/**
 * Writes the bundled index file (layout in query/local-index/index-layout.ts) from the ingest-side
 * data. Build time only: the Worker only reads it.
 */
import type { EmbeddedIndexData } from '../../query/local-index/index-types';
import { align8, INDEX_FORMAT_VERSION, MAGIC, PRELUDE_BYTES, type Header, type SectionName } from '../../query/local-index/index-layout';
import { buildSections } from './index-sections';

/**
 * Serialises an index (see `EmbeddedIndexData`) into the bundled binary format.
 *
 * @example
 * const bytes = encodeIndex({ collection: 'book', embedder, ids, payloads, dense, sparse, bm25, lsa });
 * await writeFile('index.bin', bytes);
 */
export function encodeIndex(data: EmbeddedIndexData): Uint8Array {
  const { sections, sparseTerms } = buildSections(data);
  const table = {} as Header['sections'];
  let cursor = 0;
  for (const [name, bytes] of Object.entries(sections) as [SectionName, Uint8Array][]) {
    table[name] = { offset: cursor, length: bytes.byteLength };
    cursor = align8(cursor + bytes.byteLength);
  }
  const header: Header = {
    collection: data.collection,
    created_at: data.createdAt ?? new Date().toISOString(),
    embedder: data.embedder,
    points: data.ids.length,
    ids: data.ids,
    dense: { name: data.dense.name ?? '', dims: data.embedder.dims, distance: 'Cosine' },
    sparse: { name: data.sparse.name ?? 'bm25', modifier: 'idf' },
    bm25: { avg_len: data.bm25.avgLen, N: data.ids.length, terms: sparseTerms },
    lsa: data.lsa ? { vocab: data.lsa.vocab, dims: data.lsa.dims, model_id: data.lsa.modelId } : null,
    lexicon: data.lexicon ? { hashes: data.lexicon.hashes } : null,
    fields: data.fields ? { name: data.fields.name, avg_len: data.fields.avgLen } : null,
    ...otherStems(data),
    sections: table,
  };
  const headerBytes = new TextEncoder().encode(JSON.stringify(header));
  const dataStart = align8(PRELUDE_BYTES + headerBytes.byteLength);
  const out = new Uint8Array(dataStart + cursor);
  const view = new DataView(out.buffer);
  out.set(MAGIC, 0);
  view.setUint32(4, INDEX_FORMAT_VERSION, true);
  view.setUint32(8, headerBytes.byteLength, true);
  view.setUint32(12, cursor, true);
  out.set(headerBytes, PRELUDE_BYTES);
  for (const [name, bytes] of Object.entries(sections) as [SectionName, Uint8Array][]) out.set(bytes, dataStart + table[name].offset);
  return out;
}

/**
 * The stems the LSA vocabulary lacks, space-separated (the analyser splits on spaces; a stem holding
 * one anyway is left out rather than split). Nothing for a book whose LSA vocabulary has them all.
 */
function otherStems(data: EmbeddedIndexData): { other_stems?: string } {
  const inLsa = new Set(data.lsa?.vocab ?? []);
  const others = [...new Set(data.stems ?? [])].filter((stem) => !inLsa.has(stem) && !stem.includes(' ')).sort();
  return others.length > 0 ? { other_stems: others.join(' ') } : {};
}
