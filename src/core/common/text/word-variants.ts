/**
 * Other spellings of a book's words that a reader may type: British ↔ American spelling
 * ("color" ↔ "colour", "recognized" ↔ "recognised", "center" ↔ "centre", "hemoglobin" ↔ "haemoglobin"). Used at ingest, on the
 * document side, so no query is rewritten and BM25 query vectors stay exactly Qdrant's (the caller
 * keeps the candidates its English word list knows: an invented "errour" from "error" is never
 * added), and by a result's highlight, which finds the reader's "randomization" in the book's
 * "randomisation" as the index did.
 */
import { stemWord } from '../bm25/index';

/** Suffix pairs, American first; each is tried in both directions. Longest first per family. */
const SUFFIX_PAIRS: readonly (readonly [string, string])[] = [
  // -ize / -ise and their derived forms (organization / organisation, recognizing / recognising)
  ['ization', 'isation'], ['izations', 'isations'], ['izing', 'ising'], ['ized', 'ised'], ['izes', 'ises'], ['izer', 'iser'], ['izers', 'isers'], ['ize', 'ise'],
  ['yzing', 'ysing'], ['yzed', 'ysed'], ['yzes', 'yses'], ['yze', 'yse'],
  // -or / -our (color, behavior, favorite: the -our- form also occurs mid-word)
  ['ors', 'ours'], ['ored', 'oured'], ['oring', 'ouring'], ['orful', 'ourful'], ['orite', 'ourite'], ['orites', 'ourites'], ['or', 'our'],
  // -er / -re (center, meter, fiber)
  ['ers', 'res'], ['er', 're'],
  // -ense / -ence (license, defense), -og / -ogue (catalog, dialog)
  ['ense', 'ence'], ['enses', 'ences'], ['og', 'ogue'], ['ogs', 'ogues'],
  // single / double l before a suffix (labeled / labelled, modeling / modelling)
  ['eled', 'elled'], ['eling', 'elling'], ['eler', 'eller'], ['elers', 'ellers'], ['aled', 'alled'], ['aling', 'alling'],
  // -ea / -oea (diarrhea, apnea), -euver / -oeuvre (maneuver)
  ['rrhea', 'rrhoea'], ['rrheal', 'rrhoeal'], ['pnea', 'pnoea'], ['euver', 'oeuvre'], ['euvers', 'oeuvres'], ['euvered', 'oeuvred'], ['euvering', 'oeuvring'],
];

/**
 * The Greek and Latin "ae" and "oe" that British spelling keeps and American drops (haemoglobin,
 * paediatric, oesophagus), "ph" for "f" in sulphur and "ou" for "o" in mould: American first, each tried in both
 * directions. `start`: only at the word's start ("fetus", but "effete" is no "effoete"). `after`:
 * the letters that may come before ("-aemia" follows h, n, k…: "anaemia", "leukaemia"; never d, so a
 * "daemon" is no "demon"). The medical and scientific words of a first-aid book
 * ("hypovolaemic", "diarrhoea") went unmatched for a reader's American spelling.
 */
const INFIX_PAIRS: readonly { us: string; uk: string; start?: boolean; after?: RegExp }[] = [
  { us: 'em', uk: 'aem', after: /[hnkclrx]$/ },
  { us: 'ped', uk: 'paed' },
  { us: 'esth', uk: 'aesth' },
  { us: 'anes', uk: 'anaes' },
  ...['esoph', 'edem', 'estr'].map((us) => ({ us, uk: `o${us}`, start: true })),
  ...[['fet', 'foet'], ['ces', 'caes'], ['cel', 'coel'], ['fec', 'faec'], ['ameb', 'amoeb'], ['mediev', 'mediaev'], ['paleo', 'palaeo'], ['gynec', 'gynaec'], ['sulf', 'sulph']].map(([us, uk]) => ({ us: us!, uk: uk!, start: true })),
  // "mould" / "moult" / "smoulder": only these, at the word's start; "ould" → "old" in general
  // would make "could" a "cold". A food-safety book's "mouldy" went unmatched for a reader's "mold".
  ...[['mold', 'mould'], ['molt', 'moult'], ['smold', 'smould']].map(([us, uk]) => ({ us: us!, uk: uk!, start: true })),
  // Word-stem pairs no suffix rule covers, at the word's start: "gray" / "grey" (grayscale,
  // grayish), the verb "practise" that British spelling keeps apart from the noun "practice"
  // (practised, practising: Snowball reads "practis" against "practic"), "skeptic" / "sceptic",
  // "aluminum" / "aluminium", "jewelry" / "jewellery". A drawing book's "grey" and "practice"
  // went unmatched for a reader's "gray" and "practise", and no warning said so: both are English.
  ...[['gray', 'grey'], ['practic', 'practis'], ['skept', 'scept'], ['aluminum', 'aluminium'], ['jewelry', 'jewellery']].map(([us, uk]) => ({ us: us!, uk: uk!, start: true })),
];

/**
 * Spellings of `word` under the other convention (none of them checked against a dictionary).
 *
 * @example
 * spellingVariants('colours'); // ['colors']
 * spellingVariants('recognized'); // ['recognised']
 * spellingVariants('haemoglobin'); // ['hemoglobin']
 */
export function spellingVariants(word: string): string[] {
  const out = new Set<string>();
  for (const [us, uk] of SUFFIX_PAIRS) {
    for (const [from, to] of [[us, uk], [uk, us]] as const) {
      // A stem of at least three letters: "or" → "our" must not turn "for" into "four".
      if (word.length - from.length >= 3 && word.endsWith(from)) out.add(word.slice(0, -from.length) + to);
    }
  }
  for (const { us, uk, start, after } of INFIX_PAIRS) {
    for (const [from, to] of [[us, uk], [uk, us]] as const) {
      for (let at = word.indexOf(from); at >= 0 && !(start && at > 0); at = word.indexOf(from, at + 1)) {
        if (after && !after.test(word.slice(0, at))) continue;
        // Both spellings four letters or more: "fet" alone is no "foet", but "mould" is "mold" (a
        // variant of five letters or more, as before, left a book's "mould" without the reader's "mold").
        const variant = word.slice(0, at) + to + word.slice(at + from.length);
        if (Math.min(variant.length, word.length) >= 4) out.add(variant);
      }
    }
  }
  out.delete(word);
  return [...out];
}

// Letters NFD splits into a base and combining marks: "á" → "a" + U+0301, "ñ" → "n" + U+0303.
const MARKS = /\p{M}+/gu;
// Latin letters NFD leaves whole, as readers type them on a keyboard without them ("strasse" for
// "straße", "soeur" for "sœur"; "ø" and "ł" as their base letter, as a URL spells them).
const WHOLE: Readonly<Record<string, string>> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

// Modifier letters that romanisations write inside a word: ʿ (ayn) and ʾ (hamza) in Arabic and
// Hebrew ("sharīʿa", "ʿĪsā", "Qurʾān"), ʻ the Hawaiian ʻokina ("Hawaiʻi"), ʼ a glottal stop. They
// are letters to the tokenizer, so "ʿisa" stayed a word no reader types; readers write "isa",
// "sharia", "hawaii".
const TRANSLITERATION_MARKS = /[\u02BB\u02BC\u02BE\u02BF]/g;

/**
 * `word` without its accents, when that leaves plain a–z letters and digits ("cuál" → "cual",
 * "niño" → "nino", "café" → "cafe", "straße" → "strasse", "sœur" → "soeur", "sharīʿa" → "sharia"); else null (no accent, or a letter of another alphabet that
 * is no Latin letter with a mark). Readers type a book's Spanish, French or German words without
 * their accents, on keyboards that have none: a grammar book that writes "cuál" answered
 * "cual vs que" with "The book never mentions "cual"".
 *
 * @example
 * withoutAccents('lápices'); // 'lapices'
 * withoutAccents('plain'); // null
 */
export function withoutAccents(word: string): string | null {
  const folded = word.normalize('NFD').replace(MARKS, '').replace(TRANSLITERATION_MARKS, '').replace(/[ßæœøłđðþı]/g, (letter) => WHOLE[letter]!);
  return folded !== word && /^[a-z0-9]+$/.test(folded) ? folded : null;
}

// Letter runs joined by single hyphens ("non-profit", "co-signer", "e-mail"), not part of a longer
// run of letters, digits or hyphens ("401-k" and "x--y" are no compound).
const HYPHENATED = /(?<![\p{L}\p{N}-])\p{L}+(?:-\p{L}+)+(?![\p{L}\p{N}-])/gu;

/** A hyphenated word closed up, with the parts it was written in. */
export interface ClosedCompound {
  /** The word without its hyphens, lowercased: "nonprofit". */
  closed: string;
  /** Its parts, lowercased: ["non", "profit"]. */
  parts: string[];
}

/**
 * The words of `text` written with hyphens, closed up ("non-profit" → "nonprofit", "co-signer's" →
 * "cosigner"; four letters or more), none of them checked against a dictionary (the caller keeps those its English word
 * list knows: "well-known" is no "wellknown"). Readers type closed many compounds that books
 * hyphenate, and the tokenizer reads "non-profit" as "non" and "profit": a question about a
 * "nonprofit" employer matched no word of the page that answers it.
 *
 * @example
 * closedCompounds('a non-profit employer').map((c) => c.closed); // ['nonprofit']
 */
export function closedCompounds(text: string): ClosedCompound[] {
  const out = new Map<string, ClosedCompound>();
  for (const [match] of text.normalize('NFKC').matchAll(HYPHENATED)) {
    const parts = match.toLowerCase().split('-');
    const closed = parts.join('');
    // Under four letters closed up, an abbreviation or a range ("a-b", "x-y", "a-bc"), not a reader's word.
    if (closed.length >= 4 && !out.has(closed)) out.set(closed, { closed, parts });
  }
  return [...out.values()];
}

// The base of a word whose final "e" its -ing and -ed forms drop: a "-ue" verb of any length
// ("sue", "glue", "queue"), or five letters or more ending in a consonant that is not doubled
// ("refinanc", "interfer", "warehous"; "steppe" is no "stepping", "bed" no "be").
const E_DROPPING_BASE = /^(?:.+u|.{4,}[^aeiouy])$/;
const isEDroppingBase = (base: string): boolean => E_DROPPING_BASE.test(base) && !/(.)\1$/.test(base);

/**
 * The other forms of a word across its -ing and -ed endings and its plain "-e" form, both ways,
 * when Snowball gives them another stem ("refinancing" → "refinance", "reference" → "referencing",
 * "referenced", "suing" → "sue", "glue" → "gluing", "glued"), unchecked against a dictionary: the
 * caller keeps those its English word list knows, one per stem the chunk does not hold. Snowball
 * strips "-ance", "-ence", "-ic", "-er", "-ous" from the plain form of a long word only ("refinance"
 * → "refin", "refinancing" → "refinanc"; "interfere" → "interfer", "interfering" → "interf"), and
 * keeps a short "-ue" verb whole while cutting its -ing and -ed forms ("sue", "suing" → "su"), so a
 * reader who asked "is it smart to refinance" or "too late to sue" matched no word of the section on
 * refinancing or "suing". Forms the stemmer already reads as one word give nothing ("generate",
 * "argue"), nor do bases too short or doubled to be sure of ("putting" → "putt", "bed" → "be").
 *
 * @example
 * inflectionVariants('refinancing'); // ['refinance']
 * inflectionVariants('reference'); // ['referencing', 'referenced']
 * inflectionVariants('suing'); // ['sue']
 * inflectionVariants('tiredness'); // ['tired']
 */
export function inflectionVariants(word: string): string[] {
  // "-edness" nouns too: Snowball reads "tiredness" as "tired" and "tired" as "tire", so a reader's
  // "always tired" matched no word of a section on "tiredness, pale skin …".
  const quality = /^(.{3,}ed)ness$/.exec(word);
  if (quality) return [quality[1]!];
  const inflected = /^(.+)(?:ing|ed)$/.exec(word);
  const plain = /^(.+)e$/.exec(word);
  const forms = inflected && isEDroppingBase(inflected[1]!) ? [`${inflected[1]}e`] : plain && isEDroppingBase(plain[1]!) ? [`${plain[1]}ing`, `${plain[1]}ed`] : [];
  const stem = stemWord(word);
  return forms.filter((form) => stemWord(form) !== stem);
}

/**
 * The other number of a noun in "-s" whose singular and plural Snowball reads as two words, both
 * ways, kept only when `isWord` knows the form: "gas" ↔ "gases" ("gas" against "gase"), "alias" ↔
 * "aliases" ("alia" against "alias"), "canvas", "bus", "iris", and the Greek "-is" ↔ "-es"
 * ("parenthesis" ↔ "parentheses", "hypothesis", "crisis"). A weather book's "Water vapour is the
 * gas …" matched no word of "greenhouse gases". The stemmer gives most plurals their singular's
 * stem ("virus"/"viruses", "bias"/"biases": the caller drops a form of a stem the chunk holds);
 * these it splits, since it strips a lone "s" after a vowel only when another vowel comes earlier.
 * A plural whose word without its "s" is English is that word's plural ("doses" of "dose", not
 * "dos"; "bases" of "base", not "basis"; "axes" of "axe"), so it gets no other singular, and a
 * singular gets no "-es" plural that reads so ("basis" is no "bases").
 *
 * @example
 * numberVariants('gas', (w) => w === 'gases'); // ['gases']
 * numberVariants('parentheses', (w) => w === 'parenthesis'); // ['parenthesis']
 * numberVariants('doses', (w) => ['dose', 'dos'].includes(w)); // []
 */
export function numberVariants(word: string, isWord: (word: string) => boolean): string[] {
  // A plural whose "-es" ends a word of its own ("dose" + "s") names that word, not a "-s" or "-is" singular.
  const plural = (form: string): boolean => isWord(form) && !isWord(form.slice(0, -1));
  // A word in a vowel and "s" that is a longer word's plural ("taxis" of "taxi", "psychos") is no
  // singular: "taxis" is no Greek "-is" of "taxes", nor "taxes" the plural of "taxis".
  const pluralOfWord = (form: string): boolean => form.length >= 5 && isWord(form.slice(0, -1));
  const forms = numberForms(word);
  if (!word.endsWith('es')) {
    // A singular in a vowel and "s": its plural in "-es" ("gases"), and a Greek "-is" its "-es"
    // ("crises"), not one in "-sses", the plural of "-ss" ("missis" is no "misses").
    return pluralOfWord(word) ? [] : forms.filter((form) => !form.endsWith('sses') && plural(form));
  }
  // A plural in "-es" that is no "-e" word's: its singular in "-is" ("crises": "crisis", not
  // "cris"), else in a vowel and "s" ("gases": "gas").
  if (isWord(word.slice(0, -1))) return [];
  return forms.filter((form) => isWord(form) && !(form.endsWith('is') && pluralOfWord(form))).slice(0, 1);
}

/**
 * The shapes of `word`'s other number that {@link numberVariants} weighs, unchecked: a vowel-and-"s"
 * singular's "-es" plural and, for "-is", the Greek "-es" ("gas" → "gases", "crisis" → "crises",
 * "crisises"); an "-es" plural's "-is" singular, then its vowel-and-"s" one ("crises" → "crisis";
 * "gases" → "gasis", "gas"). "-sses" is the plural of "-ss" ("classes"). A result's highlight reads
 * them unchecked: only a form whose stem the question has is marked.
 *
 * @example
 * numberForms('gas'); // ['gases']
 * numberForms('gases'); // ['gasis', 'gas']
 */
export function numberForms(word: string): string[] {
  if (/^[a-z]+[aiou]s$/.test(word)) return [`${word}es`, ...(word.length >= 5 && word.endsWith('is') ? [`${word.slice(0, -2)}es`] : [])];
  if (!/^[a-z]{3,}es$/.test(word) || word.endsWith('sses')) return [];
  const singular = word.slice(0, -2);
  return [`${singular}is`, ...(/[aiou]s$/.test(singular) ? [singular] : [])];
}
