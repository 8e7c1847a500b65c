/**
 * Field-aware BM25 for the embedded store: a second sparse vector per point over its title and
 * headings (the payload's `title` + `heading_trail`, else `headings`), written into the index at
 * ingest — and derived from the payloads for indexes built before it existed. Documents are weighted
 * exactly as the ingest weights Qdrant's `bm25_fields` vector (same analyzer, token ids, k, b and
 * corpus average length), and scored with Qdrant's IDF, so both stores agree.
 */
import { analyzeText, bm25DocumentVectorFromTokens } from '../../common/bm25/index';
import type { Payload, SparseVector } from '../../common/types';
import type { EmbeddedIndex } from './index-types';
import { qdrantIdf } from '../../common/bm25/index';

/** The sparse vector name of the titles-and-headings field, in Qdrant and in the embedded store. */
export const FIELDS_SPARSE_VECTOR = 'bm25_fields';

/**
 * True for a chunk of the book's home page: the page served at the docs root (front matter
 * `slug: /`, or an `index.md` / `README.md` at the root). Read from the payload alone, a page in no
 * module whose URL ends in a slash, so ingest, the embedded store and the heading match of a Qdrant
 * collection's results agree without another payload field. Strictly `module: null`, as ingest
 * writes it: a collection of other payloads has no `module`, and its pages are not taken for it.
 * The payload does not say where the docs root is, so two pages are misread: a root page whose own
 * slug ends in a slash (`slug: /faq/`, served at `/docs/faq/`) is taken for the home page, and a
 * home page in a folder (`intro/welcome.md` with `slug: /`) is not.
 *
 * @example
 * isHomePage({ module: null, source_url: '/docs/' }); // true
 * isHomePage({ module: '02-housing', source_url: '/docs/housing/' }); // false: a part's landing page
 */
export function isHomePage(payload: Payload): boolean {
  return payload.module === null && typeof payload.source_url === 'string' && payload.source_url.endsWith('/');
}

/**
 * The text of a chunk's title and headings, one per line, each once. On the book's home page
 * ({@link isHomePage}) the title and the outermost heading (its H1) are left out: they are the
 * book's name, "Keeping Backyard Chickens", which holds the word of almost every question, so a
 * match on it says nothing about which page answers; in the heading field, where few chunks share
 * the word, it weighed most, and the introduction came first for "what foods are poisonous to
 * chickens". Its own sections' headings ("Do you need a cockerel?") still count. The payload says no
 * heading's level, so a home page without an H1 loses its first section's heading instead (book D's
 * "Table of Contents", an overview chunk; its figures did not move).
 *
 * @example
 * fieldText({ title: 'Nodes', heading_trail: ['Nodes', 'Topics: publish and subscribe'] }); // 'Nodes\nTopics: publish and subscribe'
 * fieldText({ title: 'Chickens', module: null, source_url: '/docs/', heading_trail: ['Chickens', 'Do you need a cockerel?'] }); // 'Do you need a cockerel?'
 */
export function fieldText(payload: Payload): string {
  const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
  const trail = strings(payload.heading_trail).length > 0 ? strings(payload.heading_trail) : strings(payload.headings);
  const home = isHomePage(payload);
  const title = typeof payload.title === 'string' && !home ? [payload.title] : [];
  return [...new Set([...title, ...(home ? trail.slice(1) : trail)].filter((s) => s.trim() !== ''))].join('\n');
}

/**
 * BM25 document vectors of the field texts of a whole corpus (average length from that corpus).
 *
 * @example
 * fieldVectors([{ title: 'A', headings: ['A', 'Topics'] }]).vectors[0].indices.length; // 2
 */
export function fieldVectors(payloads: readonly Payload[], fixedAvgLen?: number): { vectors: SparseVector[]; avgLen: number } {
  const tokens = payloads.map((p) => analyzeText(fieldText(p)));
  const total = tokens.reduce((n, t) => n + t.length, 0);
  const avgLen = fixedAvgLen ?? (total > 0 ? total / tokens.length : 1);
  return { vectors: tokens.map((t) => bm25DocumentVectorFromTokens(t, avgLen)), avgLen };
}

interface FieldPostings {
  /** term id → points having it and their document weights. */
  postings: Map<number, { points: number[]; values: number[] }>;
}

const cache = new WeakMap<EmbeddedIndex, FieldPostings>();

/**
 * Postings of the field vectors: from the index's `fields` sections when it has them (built at
 * ingest, a cheap pass over typed arrays), else derived from the payloads (older indexes: every
 * payload is parsed and analysed once, which costs a cold isolate ~1 s per 10,000 chunks).
 */
function postingsOf(index: EmbeddedIndex): FieldPostings {
  const cached = cache.get(index);
  if (cached) return cached;
  const postings = new Map<number, { points: number[]; values: number[] }>();
  const add = (p: number, term: number, value: number): void => {
    const list = postings.get(term) ?? { points: [], values: [] };
    list.points.push(p);
    list.values.push(value);
    postings.set(term, list);
  };
  if (index.fields) {
    const { offsets, indices, values } = index.fields;
    for (let p = 0; p < index.size; p++) for (let e = offsets[p]!; e < offsets[p + 1]!; e++) add(p, indices[e]!, values[e]!);
  } else {
    const { vectors } = fieldVectors(Array.from({ length: index.size }, (_, p) => index.payload(p)));
    vectors.forEach((vector, p) => vector.indices.forEach((term, k) => add(p, term, vector.values[k]!)));
  }
  const built = { postings };
  cache.set(index, built);
  return built;
}

/**
 * Scores every point whose title or headings share a term with `query` (Σ value × IDF × weight).
 *
 * @example
 * const scores = scoreFields(index, bm25QueryVector('what is a topic')); // Map point → score
 */
export function scoreFields(index: EmbeddedIndex, query: SparseVector): Map<number, number> {
  const { postings } = postingsOf(index);
  const scores = new Map<number, number>();
  query.indices.forEach((term, q) => {
    const list = postings.get(term);
    if (!list) return;
    const weight = query.values[q]! * qdrantIdf(index.size, list.points.length);
    list.points.forEach((p, k) => scores.set(p, (scores.get(p) ?? 0) + weight * list.values[k]!));
  });
  return scores;
}
