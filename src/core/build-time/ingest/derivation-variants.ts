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
 * Also a verb and its noun in "-ification", both ways ("verify" ↔ "verification", "classify" ↔
 * "classification"), and a noun in "-ation" on a base of four letters or more to its verb in "-e"
 * ("quotation" → "quote", "causation" → "cause"): Snowball reads "verif" against "verifi" and "quotat"
 * against "quot", so a calligraphy book's "A formal quotation …" matched no word of "plan out a quote
 * poster". Not "-ication" → "-y" ("replication" is no "reply", "complication" no "comply"), nor "-ation"
 * → "-e" on shorter bases ("station" is no "state", "ration" no "rate", "notation" no "note"), nor a verb
 * in "-e" to an "-ation" noun. A verb form is kept only when `isVerb` knows it (the caller passes
 * WordNet's verbs): "formation" is no "forme", "libration" no "libre", both English words but no verbs.
 *
 * @example
 * derivationVariants('pregnancy'); // ['pregnant']
 * derivationVariants('pregnant'); // ['pregnancy']
 * derivationVariants('carrier'); // ['carry']
 * derivationVariants('quotation'); // ['quote']
 */
export function derivationVariants(word: string, isVerb: (word: string) => boolean = () => true): string[] {
  const forms = /^[a-z]{3,}anc(y|ies)$/.test(word) ? [word.replace(/anc(y|ies)$/, 'ant')] : /^[a-z]{3,}ant$/.test(word) ? [`${word.slice(0, -3)}ancy`] : /^[a-z]{3,}iers?$/.test(word) ? [word.replace(/iers?$/, 'y')] : otherSideOfAction(word, isVerb);
  const stem = stemWord(word);
  return forms.filter((form) => stemWord(form) !== stem);
}

/**
 * The verb of an "-ification" noun and back ("verifications" → "verify", "verify" → "verification"),
 * or the "-e" verb of an "-ation" noun on four letters or more ("quotations" → "quote"); else none.
 * An "-ification" noun is read before the "-ation" rule, which would give it a non-word ("verifice").
 */
function otherSideOfAction(word: string, isVerb: (word: string) => boolean): string[] {
  const noun = /^([a-z]{2,}i)fications?$/.exec(word);
  if (/^[a-z]{2,}ify$/.test(word)) return [`${word.slice(0, -1)}ication`];
  const action = /^([a-z]{3,}[^aeiouy])ations?$/.exec(word);
  const verb = noun ? `${noun[1]}fy` : action ? `${action[1]}e` : null;
  return verb && isVerb(verb) ? [verb] : [];
}
