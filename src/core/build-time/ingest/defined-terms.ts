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
 * Stems come from the BM25 analyzer, so query words match them however they are inflected.
 */
import { analyzeText } from '../../common/bm25/index';
import { fenceTracker } from './code-fences';

/** At most this many words in a defined term (longer spans are sentences, not terms). */
const MAX_TERM_WORDS = 4;
/** At most this many stems are kept per field, so the payload stays small. */
const MAX_STEMS = 16;

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
