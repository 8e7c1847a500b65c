/**
 * Deterministic stand-in for Cohere's embeddings and rerank scores. Not a language model: a
 * hashed bag of words, so texts that share words get clearly higher cosine similarity and tests
 * can reason about rankings (and compute expected vectors themselves).
 */

/** How many (dimension, sign) slots each word is spread over. */
const SLOTS_PER_WORD = 4;
const encoder = new TextEncoder();

/**
 * Words of a text as the fake sees them: lowercased, split on anything that is not a letter or
 * digit, with a crude plural stem (a trailing "s" dropped, but not from "ss" or short words).
 *
 * @example
 * fakeWords('Robots, ROBOT and glass'); // ['robot', 'robot', 'and', 'glass']
 */
export function fakeWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '')
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
}

/** 32-bit FNV-1a over the UTF-8 bytes of a string. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of encoder.encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/**
 * The fake Cohere embedding of a text: each word adds ±1 to a few hashed dimensions, then the
 * sum is L2-normalized. Identical text → identical vector; shared words → higher cosine.
 * Independent of `input_type`, so a test can compute the vector a query will get.
 *
 * @example
 * const v = fakeEmbedding('ROS 2 nodes', 1024); // v.length === 1024, |v| === 1
 */
export function fakeEmbedding(text: string, dimension: number): number[] {
  if (!Number.isInteger(dimension) || dimension < 1) throw new RangeError(`dimension must be a positive integer, got ${dimension}`);
  const sum = new Float64Array(dimension);
  const words = fakeWords(text);
  // Text without any word still needs a stable, non-zero vector.
  for (const word of words.length > 0 ? words : [`\u0000${text}`]) {
    for (let slot = 0; slot < SLOTS_PER_WORD; slot++) {
      const index = fnv1a(`${slot}:${word}`) % dimension;
      const sign = (fnv1a(`sign${slot}:${word}`) & 1) === 0 ? 1 : -1;
      sum[index] = (sum[index] ?? 0) + sign;
    }
  }
  let norm = 0;
  for (const x of sum) norm += x * x;
  if (norm === 0) {
    // Every slot cancelled out (possible only for tiny dimensions); any fixed unit vector will do.
    sum[0] = 1;
    norm = 1;
  }
  const scale = 1 / Math.sqrt(norm);
  return Array.from(sum, (x) => x * scale);
}

/**
 * The fake rerank relevance of a document for a query: the share of distinct query words the
 * document contains, kept strictly above 0 so every document has a score in (0, 1].
 *
 * @example
 * fakeRelevance('ros nodes', 'Nodes in ROS 2'); // 1
 */
export function fakeRelevance(query: string, document: string): number {
  const queryWords = new Set(fakeWords(query));
  const documentWords = new Set(fakeWords(document));
  let shared = 0;
  for (const w of queryWords) if (documentWords.has(w)) shared += 1;
  const epsilon = 0.01;
  return (shared + epsilon) / (queryWords.size + epsilon);
}
