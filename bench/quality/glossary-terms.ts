/**
 * The terms a book's glossary defines, for `bench/glossary-definitions.ts`: each line of a glossary
 * page that opens with a bold term and a separator (`**Term**: …`, `**Term:** …`, `- **Term** — …`), as
 * `defined-terms.ts` reads a glossary at ingest. A bracket after the term (an alias or an
 * expansion, "**GOR (reflux)**") is left out: the question asks for the term as the reader meets it.
 */

// The separator after the bold term, or a colon inside it ("**Cluster feeding:** …").
const ENTRY = /^[ \t]*(?:[-*+][ \t]+)?\*\*([^*\n]+?)(?::\*\*|\*\*[ \t]*(?::|—|–|-[ \t]))/gm;

/**
 * The glossary's terms in order, each once, brackets dropped, at least two characters long.
 *
 * @example
 * glossaryTerms('**Latch**: how a baby feeds.\n- **GOR (reflux)** — milk coming back up.'); // ['Latch', 'GOR']
 */
export function glossaryTerms(markdown: string): string[] {
  const terms = [...markdown.matchAll(ENTRY)].map((m) => m[1]!.replace(/\s*\([^)]*\)\s*/g, ' ').trim());
  return [...new Set(terms.filter((term) => term.length > 1))];
}
