/**
 * Build time: derived forms Snowball reads as other words, indexed at ingest beside a chunk's own
 * (vocabulary-bridges.ts), as common/text/word-variants.ts's spellings and inflections are. Only
 * ingest reads them, so they live here, out of the Worker (test/architecture.test.ts).
 */
import { stemWord } from '../../common/bm25/index';

/**
 * The related forms of a word across two derivations Snowball reads as two words when the word is
 * short, unchecked against a dictionary (the caller keeps those its English word list knows, of a stem
 * the chunk does not hold): an adjective in "-ant" and its noun in "-ancy", both ways ("pregnant" ↔
 * "pregnancy", "vacant" ↔ "vacancy", "tenant" ↔ "tenancy"), and a noun in "-ier" to its verb or
 * adjective in "-y" ("carrier" → "carry", "supplier" → "supply", "easier" → "easy"). A yoga book's
 * section headed "Pregnancy" matched no word of "can I do yoga while pregnant", nor a genetics book's
 * "Carrier testing" the reader's "carry a disease gene". Not "-ent" ↔ "-ency", whose pairs are as
 * often two words ("current"/"currency", "emergent"/"emergency", "latent"/"latency", "agent"/"agency"),
 * nor "-y" → "-ier" (every "power supply" would be indexed with "supplier").
 *
 * @example
 * derivationVariants('pregnancy'); // ['pregnant']
 * derivationVariants('pregnant'); // ['pregnancy']
 * derivationVariants('carrier'); // ['carry']
 */
export function derivationVariants(word: string): string[] {
  const forms = /^[a-z]{3,}anc(y|ies)$/.test(word) ? [word.replace(/anc(y|ies)$/, 'ant')] : /^[a-z]{3,}ant$/.test(word) ? [`${word.slice(0, -3)}ancy`] : /^[a-z]{3,}iers?$/.test(word) ? [word.replace(/iers?$/, 'y')] : [];
  const stem = stemWord(word);
  return forms.filter((form) => stemWord(form) !== stem);
}
