/**
 * What a chunk is ABOUT, as stems, so a definition question ("What is a topic?") can favour the
 * passage that says what a topic is over the page intro that merely names it (see
 * `definitionPriors` at query time). Found from the shapes definitions take in any textbook, never
 * from a word list:
 *
 * - `heading_terms`: the chunk's own heading, when it is not the page title ("## Topics: publish
 *   and subscribe");
 * - `defines`: a bold or italic term in a defining sentence (`A **topic** is …`, `… is called a
 *   **frame**`, a glossary item `- **Term**: …` / `**Term:** …` / `**Term** — …`), or the subject
 *   of a sentence that opens with it and a copula (`Docker is a …`, `An action is built from …`).
 *
 * Stems come from the BM25 analyzer, so query words match them however they are inflected. Over a
 * whole book, a term more than {@link MAX_DEFINING_CHUNKS} chunks "define" is dropped from all of
 * them ({@link keepDistinctDefinitions}): that is a reference manual's option lists, not a definition.
 */
import { analyzeText } from '../../common/bm25/index';
import { fenceTracker } from './code-fences';
import type { Chunk } from './types';

/** At most this many words in a defined term (longer spans are sentences, not terms). */
const MAX_TERM_WORDS = 4;
/** At most this many stems are kept per field, so the payload stays small. */
const MAX_STEMS = 16;
/**
 * A term that more chunks than this "define" is defined by none of them. A textbook defines a term
 * once, perhaps again in a glossary or a summary; a manual's option lists (`- **Channel**: …`,
 * `- **White (full opacity)**: …`) make a dozen chunks "define" the same common word, and the
 * definition prior (×1.3) then favours any of them. Measured over fourteen sets (thirteen manuals and
 * the Linux book, docs/retrieval-quality.md): at 2 or 3 the default's MRR goes .721 → .724 (GIMP
 * .675 → .688, KiCad .539 → .563, no set lower; the sample sets unchanged), at 1 .723, at 5 .722, at
 * 10 .721.
 */
export const MAX_DEFINING_CHUNKS = 3;

const EMPHASIS = /(\*\*|__|\*|_)([^*_\n]{1,60}?)\1/g;
const COPULA_AFTER = /^\s*(?:\([^)]{0,60}\)\s*)?(?:,[^,.]{0,60},\s*)?(?:is|are|was|means|refers\s+to|stands\s+for|describes|denotes)\b/i;
const NAMING_BEFORE = /\b(?:called|named|known\s+as|termed|dubbed)\s+(?:an?\s+|the\s+)?$/i;
const GLOSSARY_ITEM = /^\s*(?:[-*+]\s+|\d+[.)]\s+)?$/;
const GLOSSARY_AFTER = /^\s*(?::|—|–|-\s)/;
const SUBJECT_COPULA = /^(?:(?:an?|the)\s+)?([A-Za-z][\w.+#/-]*(?:\s+[A-Za-z0-9][\w.+#/-]*){0,3}?)\s+(?:is|are)\s+(?:an?|the|one|used|what|how|built|made|defined|called|responsible)\b/i;
const SENTENCE = /[^.!?\n]+(?:[.!?]+|$)/g;

function wordCount(text: string): number {
  return text.trim().split(/\s+/).filter(Boolean).length;
}

/** Terms emphasised where the text defines them (see the module comment). */
function emphasisedDefinitions(line: string): string[] {
  const terms: string[] = [];
  for (const match of line.matchAll(EMPHASIS)) {
    const raw = match[2]!.replace(/[:.]\s*$/, '').replace(/\x60/g, '');
    if (raw.trim() === '' || wordCount(raw) > MAX_TERM_WORDS) continue;
    const before = line.slice(0, match.index);
    const after = line.slice(match.index + match[0].length);
    const glossary = GLOSSARY_ITEM.test(before) && (/:\s*$/.test(match[2]!) || GLOSSARY_AFTER.test(after));
    if (glossary || COPULA_AFTER.test(after) || NAMING_BEFORE.test(before)) terms.push(raw);
  }
  return terms;
}

/** Prose lines of a chunk: no code, headings, tables or JSX. */
function proseLines(content: string): string[] {
  const lines: string[] = [];
  const inFence = fenceTracker(true);
  for (const line of content.split('\n')) {
    if (inFence(line) || /^\s*(#|\||<)/.test(line) || line.trim() === '') continue;
    lines.push(line);
  }
  return lines;
}

function stemsOf(phrases: readonly string[]): string[] {
  const stems = new Set<string>();
  for (const phrase of phrases) {
    for (const stem of analyzeText(phrase)) {
      if (stem.length > 1 && !/^\d+$/.test(stem)) stems.add(stem);
    }
  }
  return [...stems].slice(0, MAX_STEMS);
}

/**
 * The stems of the chunk's own heading (empty when it is the page title or there is none).
 *
 * @example
 * headingTerms('Topics: publish and subscribe', 'Nodes and topics'); // ['topic', 'publish', 'subscrib']
 */
export function headingTerms(section: string | null, title: string): string[] {
  return section && section.trim().toLowerCase() !== title.trim().toLowerCase() ? stemsOf([section]) : [];
}

/**
 * The stems of the terms a chunk's sentences define (see the module comment), each once.
 *
 * @example
 * definedTerms('## Topics\n\nA **topic** is a named channel.'); // ['topic']
 * definedTerms('Docker is a container runtime.'); // ['docker']
 */
export function definedTerms(content: string): string[] {
  const phrases: string[] = [];
  for (const line of proseLines(content)) {
    phrases.push(...emphasisedDefinitions(line));
    const plain = line.replace(/^\s*(?:[-*+>]\s+|\d+[.)]\s+)/, '').replace(/(\*\*|__|\x60)/g, '');
    for (const sentence of plain.match(SENTENCE) ?? []) {
      const subject = SUBJECT_COPULA.exec(sentence.trim())?.[1];
      if (subject && wordCount(subject) <= MAX_TERM_WORDS) phrases.push(subject);
    }
  }
  return stemsOf(phrases);
}

/**
 * The chunks with each term that more than {@link MAX_DEFINING_CHUNKS} of them "define" taken out of
 * their `defines` (a new array; chunks without such a term are returned as they are). Run once over
 * a whole book, after chunking: the count is a property of the book, not of one file.
 *
 * @example
 * keepDistinctDefinitions(bookChunks).filter((c) => c.payload.defines.includes('channel')).length; // ≤ 3
 */
export function keepDistinctDefinitions(chunks: readonly Chunk[], max = MAX_DEFINING_CHUNKS): Chunk[] {
  const defining = new Map<string, number>();
  for (const chunk of chunks) for (const term of new Set(chunk.payload.defines)) defining.set(term, (defining.get(term) ?? 0) + 1);
  return chunks.map((chunk) => {
    const kept = chunk.payload.defines.filter((term) => (defining.get(term) ?? 0) <= max);
    return kept.length === chunk.payload.defines.length ? chunk : { ...chunk, payload: { ...chunk.payload, defines: kept } };
  });
}
