/**
 * Reads the bundled index file: ONE ArrayBuffer the Worker imports as a wrangler Data module
 * (layout in index-layout.ts; the writer is build-time/local-index/index-encode.ts).
 * Payloads are stored one JSON text per point and parsed on demand: a cold Worker answering an
 * unfiltered query parses only the payloads of its hits.
 */
import { RetrieverError } from '../../common/errors';
import type { Payload } from '../../common/types';
import type { EmbeddedIndex } from './index-types';
import { dequantizeRows, unitRows } from './projection-codec';
import { align8, INDEX_FORMAT_VERSION, MAGIC, PRELUDE_BYTES, type Header, type SectionName } from './index-layout';

function corrupt(reason: string, cause?: unknown): RetrieverError {
  return new RetrieverError(
    'config_error',
    `The bundled index is corrupt or unreadable: ${reason}. Rebuild it with the ingest command.`,
    { reason },
    // The cause stays attached for logs (onError logs it), not in the client-facing message.
    cause === undefined ? undefined : { cause },
  );
}

/**
 * Opens an index file without copying its sparse arrays: postings and payloads are typed-array
 * views over `source`; the int8 dense rows and LSA projection are decoded to float32 once. Throws `config_error` for a file that is not
 * an index, comes from another format version, or is truncated.
 *
 * @example
 * import indexBin from '../../index.bin'; // wrangler Data module → ArrayBuffer
 * const index = decodeIndex(indexBin);
 */
export function decodeIndex(source: ArrayBuffer | ArrayBufferView): EmbeddedIndex {
  let buffer: ArrayBuffer;
  let base = 0;
  let total: number;
  if (ArrayBuffer.isView(source)) {
    // Views must start 4-byte aligned for Float32Array; copy the rare misaligned input once.
    const aligned = source.byteOffset % 8 === 0 && source.buffer instanceof ArrayBuffer;
    buffer = aligned ? (source.buffer as ArrayBuffer) : new Uint8Array(source.buffer, source.byteOffset, source.byteLength).slice().buffer;
    base = aligned ? source.byteOffset : 0;
    total = source.byteLength;
  } else {
    buffer = source;
    total = source.byteLength;
  }
  if (new Uint8Array(new Uint32Array([1]).buffer)[0] !== 1) throw corrupt('big-endian platforms are not supported');
  if (total < PRELUDE_BYTES) throw corrupt('file too short');
  const bytes = new Uint8Array(buffer, base, total);
  if (!MAGIC.every((b, i) => bytes[i] === b)) throw corrupt('not an edge-retriever index (bad magic bytes)');
  const view = new DataView(buffer, base, total);
  const version = view.getUint32(4, true);
  if (version !== INDEX_FORMAT_VERSION) {
    throw new RetrieverError(
      'config_error',
      `The bundled index has format version ${version}, but this build reads version ${INDEX_FORMAT_VERSION}. Rebuild the index with the ingest command.`,
      { index_format_version: version, supported_version: INDEX_FORMAT_VERSION },
    );
  }
  const headerLength = view.getUint32(8, true);
  const dataLength = view.getUint32(12, true);
  const dataStart = align8(PRELUDE_BYTES + headerLength);
  if (dataStart + dataLength > total) throw corrupt(`file truncated (${total} bytes, expected ${dataStart + dataLength})`);
  let header: Header;
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(PRELUDE_BYTES, PRELUDE_BYTES + headerLength))) as Header;
  } catch (error) {
    throw corrupt('header is not valid JSON', error);
  }
  try {
    return openSections(header, buffer, base + dataStart, dataLength, version);
  } catch (error) {
    if (error instanceof RetrieverError) throw error;
    throw corrupt('header does not describe the sections', error);
  }
}

/** Reads one section as a typed-array view, checking its bounds and (optionally) its length. */
type SectionReader = <T>(name: SectionName, Kind: { new (b: ArrayBuffer, o: number, l: number): T; BYTES_PER_ELEMENT: number }, count?: number) => T;

function openSections(header: Header, buffer: ArrayBuffer, start: number, dataLength: number, version: number): EmbeddedIndex {
  const n = header.points;
  const section: SectionReader = (name, Kind, count) => {
    const entry = header.sections?.[name];
    if (!entry || entry.offset + entry.length > dataLength || entry.length % Kind.BYTES_PER_ELEMENT !== 0) {
      throw corrupt(`section "${name}" is missing or out of bounds`);
    }
    const length = entry.length / Kind.BYTES_PER_ELEMENT;
    if (count !== undefined && length !== count) throw corrupt(`section "${name}" has ${length} entries, expected ${count}`);
    return new Kind(buffer, start + entry.offset, length);
  };
  if (!Number.isInteger(n) || !Array.isArray(header.ids) || header.ids.length !== n) throw corrupt('point ids do not match the point count');
  const dims = header.dense.dims;
  const offsets = section('sparse_offsets', Uint32Array, n + 1);
  const nnz = offsets[n]!;
  const payloadOffsets = section('payload_offsets', Uint32Array, n + 1);
  const payloadJson = section('payload_json', Uint8Array);
  const payloads = new Array<Payload | undefined>(n);
  const decoder = new TextDecoder();
  let lsa: EmbeddedIndex['lsa'] = null;
  if (header.lsa) {
    const vocabSize = header.lsa.vocab.length;
    const quantized = {
      values: section('lsa_projection', Int8Array, vocabSize * header.lsa.dims),
      scales: section('lsa_scales', Float32Array, vocabSize),
    };
    const lsaDims = header.lsa.dims;
    let projection: Float32Array | null = null;
    lsa = {
      vocab: header.lsa.vocab,
      dims: lsaDims,
      modelId: header.lsa.model_id,
      idf: section('lsa_idf', Float32Array, vocabSize),
      // Float rows only for a caller that asks: a query reads the int8 rows of its own words
      // (embedWithLsa), and decoding all of them cost a fresh isolate 4–7 ms (3,000 terms × 128–140 dims).
      get projection() {
        return (projection ??= dequantizeRows(quantized, lsaDims));
      },
      quantized,
    };
  }
  const lexicon = header.lexicon ? { hashes: header.lexicon.hashes, bits: section('lexicon_bits', Uint32Array) } : null;
  return {
    formatVersion: version,
    collection: header.collection,
    createdAt: header.created_at,
    embedder: header.embedder,
    size: n,
    ids: header.ids,
    payload(i) {
      let payload = payloads[i];
      if (payload === undefined) {
        payload = JSON.parse(decoder.decode(payloadJson.subarray(payloadOffsets[i]!, payloadOffsets[i + 1]!))) as Payload;
        payloads[i] = payload;
      }
      return payload;
    },
    // Decoded once per isolate (3,054 × 384: ~6 ms): V8 multiplies float32 rows faster than int8 ones.
    dense: { name: header.dense.name, dims, vectors: unitRows(section('dense', Int8Array, n * dims), dims) },
    sparse: {
      name: header.sparse.name,
      offsets,
      indices: section('sparse_indices', Uint32Array, nnz),
      values: section('sparse_values', Float32Array, nnz),
    },
    bm25: {
      avgLen: header.bm25.avg_len,
      N: header.bm25.N,
      dfTerms: section('bm25_df_terms', Uint32Array, header.bm25.terms),
      dfCounts: section('bm25_df_counts', Uint32Array, header.bm25.terms),
    },
    lsa,
    lexicon,
    fields: openFields(header, n, section),
    otherStems: typeof header.other_stems === 'string' && header.other_stems !== '' ? header.other_stems.split(' ') : [],
  };
}

/** The optional titles-and-headings vectors: null when the index predates them. */
function openFields(
  header: Header,
  n: number,
  section: SectionReader,
): EmbeddedIndex['fields'] {
  if (!header.fields || !header.sections?.fields_offsets) return null;
  const offsets = section('fields_offsets', Uint32Array, n + 1);
  const nnz = offsets[n]!;
  return {
    name: header.fields.name,
    avgLen: header.fields.avg_len,
    offsets,
    indices: section('fields_indices', Uint32Array, nnz),
    values: section('fields_values', Float32Array, nnz),
  };
}
