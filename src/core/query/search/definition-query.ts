/**
 * Definition questions ("What is a ROS 2 topic?", "define swappiness", "what do people mean by the
 * reality gap?") ask for the passage that says what something IS. Lexical and LSA scores alone
 * favour the page intro that names the term next to the book's subject words; the chunks that
 * define it — recorded at ingest as the payload's `defines` (`A **term** is …`) and `heading_terms`
 * (their own heading) stems, see build-time/ingest/defined-terms.ts — get ranking priors instead, applied in the store in the
 * same query (Qdrant formula, embedded store alike). A collection ingested before those fields
 * existed matches no point: the priors are then a no-op. The term's modifiers that name the book's
 * subject ("ROS 2" in a ROS book) weigh half in the BM25 question (`subjectModifierWeights`).
 */
import { analyzeText, isStopword, stemWord, tokenizeWords } from '../../common/bm25/index';
import { spellingVariants } from '../../common/text/word-variants';
import { nameLikeWords } from '../book-terms/term-evidence';
import type { ScorePrior } from '../ports';
import { closeLetterHyphens } from './letter-compound';

/**
 * Score factor of a chunk that defines a term of a definition question. Chosen by measurement
 * (bench:quality, sample book and book D): see README "Retrieval quality".
 */
export const DEFINITION_FACTOR = 1.3;
/** Score factor of a chunk whose own heading names the term (a weaker sign than a defining sentence). */
export const HEADING_FACTOR = 1.15;
/**
 * Nouns that relate things rather than name one: "what is the difference between…", "what's the
 * point of…" ask for a comparison or a purpose, not a definition.
 */
const RELATIONAL = /^(?:(?:a|an|the)\s+)?(?:main\s+|real\s+|actual\s+)?(?:difference|differences|point|purpose|role|use|reason|advantage|advantages|benefit|benefits|idea|goal|job|best|right|correct|proper|easiest|fastest|simplest|recommended|way|command|syntax|name|default|status|state|value|output|problem|issue|cause|error)\b/i;
/** A defined phrase longer than this (in informative stems) is a description, not a term. */
const MAX_TERM_STEMS = 4;

// "what does NPSH mean", and with the context the reader adds after it: "what does hydration
// mean in a bread recipe", "what do the flags mean for chmod" (the term is still before the verb).
const MEANING_LEAD = /^what\s+(?:does|do)\s+(?:(?:a|an|the)\s+)?(.+?)\s+(?:mean|stand\s+for)(?:\s+(?:in|for|on|when|with|here|to)\b.*)?$/i;
// "what is meant by the reality gap", "what do people mean by X": the frame's verb before the term.
// Contracted or with an adverb too ("what's meant by X", "what exactly is meant by X"), which the
// "what is X" lead read as the term "meant".
const MEANT_BY = /what\s+(?:do|does)\s+(?:people|you|they|we|authors|books)\s+mean\s+by|what(?:\s+(?:actually|exactly|really))?(?:'s|\s+is)\s+(?:(?:actually|exactly|really)\s+)?meant\s+by/;
const MEANT_BY_LEAD = new RegExp(`^(?:${MEANT_BY.source})\\s`, 'i');
const LEADS: RegExp[] = [
  // Before "what is X": read by it, "what is meant by vendor lock-in" asked for the term "meant".
  new RegExp(`^(?:${MEANT_BY.source}|meaning\\s+of|definition\\s+of|define|explain\\s+what)\\s+(?:(?:a|an|the)\\s+)?(.+)$`, 'i'),
  // what is / what's / what are / who is … (actually|exactly|really) (a|an|the) X
  /^(?:so\s+|ok\s+|and\s+)?(?:what|who)(?:\s+(?:actually|exactly|really))?(?:'s|\s+is|\s+are|\s+was|\s+were)\s+(?:(?:actually|exactly|really|basically)\s+)?(?:(?:a|an|the)\s+)?(.+)$/i,
  MEANING_LEAD,
  /^(.+?)\s+(?:meaning|definition)$/i,
];
/**
 * Where the term ends: a clause, a second question ("… and do I need it?"), a preposition — the
 * head of "topic in ROS 2" or "swappiness of the kernel" comes before it — or an adverb or "good
 * for" after it ("what is this sniffer actually good for": the head is "sniffer", not "good").
 */
const TERM_END = /\s*(?:[?,;:!(]|\s-\s|\s(?:that|which|who|whose|when|where|and\s+(?:why|how|what|when|where|which|do|does|did|can|could|should|would|will|is|are|must)|used|like|e\.g\.|i\.e\.|in|on|of|for|with|from|to|at|by|inside|within|under|between|versus|vs\.?|around|about|into|onto|over|through|across|along|among|against|behind|beyond|near|after|before|during|per|via|than|toward|towards|below|above|beneath|outside|without|instead|actually|really|exactly|basically|good\s+for|useful\s+for))(?:[\s?,;:!.]|$).*$/i;

/**
 * `text` up to where a term ends ({@link TERM_END}): a clause, a preposition, an adverb. Ingest reads
 * the words after a sentence's emphasised subject so (copula-subject.ts), as a question's are read.
 *
 * @example
 * termBeforeItsEnd('Spongy bone inside'); // 'Spongy bone'
 */
export function termBeforeItsEnd(text: string): string {
  return text.replace(TERM_END, '');
}

/**
 * The stems of the term a definition question asks about, or null when the query is not a
 * definition question (or its "term" is a long description rather than a name).
 *
 * @example
 * definitionTerms('What is a ROS 2 topic?'); // ['ros', '2', 'topic']
 * definitionTerms('How do I publish on a topic?'); // null
 */
export function definitionTerms(query: string): string[] | null {
  return definitionTerm(query)?.stems.slice() ?? null;
}

/**
 * The last query {@link definitionTerm} read, and its term: one search asks for it four times (the
 * priors, the subject's modifiers, the question's frame, the pipeline's unread check), each a run of
 * the lead patterns (~4 µs), so the same question is read once.
 */
let lastRead: { query: string; term: { text: string; stems: string[] } | null } | null = null;

/** The term of a definition question as written and its distinct stems, or null (see {@link definitionTerms}). */
function definitionTerm(query: string): { text: string; stems: string[] } | null {
  if (lastRead?.query !== query) lastRead = { query, term: readDefinitionTerm(query) };
  return lastRead.term;
}

/** {@link definitionTerm}, read afresh. */
function readDefinitionTerm(query: string): { text: string; stems: string[] } | null {
  const text = query.trim().replace(/\s+/g, ' ');
  for (const lead of LEADS) {
    const match = lead.exec(text.replace(/[?.!]+$/, ''));
    if (!match) continue;
    if (RELATIONAL.test(match[1]!)) return null;
    // "what does an IP address actually mean": the adverb before the verb is not part of the term.
    const term = match[1]!.replace(TERM_END, '').replace(/(?:\s+(?:actually|really|exactly|basically|precisely|even))+$/i, '');
    const stems = [...new Set(analyzeText(term))];
    return stems.length === 0 || stems.length > MAX_TERM_STEMS ? null : { text: term, stems };
  }
  return null;
}

/**
 * The stems of a term that can name it: no single letters, no bare numbers ("2" in "ROS 2").
 *
 * @example
 * informativeStems(['ros', '2', 'topic']); // ['ros', 'topic']
 */
export function informativeStems(stems: readonly string[]): string[] {
  return stems.filter(isInformative);
}

/** Whether a stem can name a term (see {@link informativeStems}). */
function isInformative(stem: string): boolean {
  return stem.length > 1 && !/^\d+$/.test(stem);
}

/**
 * A term as a chunk's `defines` records it, and as a definition question's prior asks for it: its
 * {@link informativeStems} joined by spaces, one key per term. "The **Data Distribution Service** is
 * …" defines `data distribut servic`, not `servic`, so a question about a ROS 2 service does not read
 * that chunk as the one that defines a service ({@link definitionPriors} asks for every tail of the
 * question's term). Ingest (build-time/ingest/defined-terms.ts) and the search share this one format.
 *
 * @example
 * termKey(['data', 'distribut', 'servic']); // 'data distribut servic'
 * termKey(['ros', '2', 'topic']); // 'ros topic'
 */
export function termKey(stems: readonly string[]): string {
  return informativeStems(stems).join(' ');
}

/**
 * Weight, in the BM25 question, of a definition term's modifier that names the book's subject: a
 * name or a number the book uses in more than {@link SUBJECT_MODIFIER_SHARE} of its chunks. Chosen
 * by measurement (docs/retrieval-quality.md, Round 15): "What is a ROS 2 action?" on the sample book
 * finds its defining chunk 1st instead of 8th, and no question of the fourteen other sets moves, in
 * any mode or at three other LSA seeds. Weighing every common modifier so (lowercase words too)
 * moved three: "moving dotted lines" lost its page in keyword mode (3rd → 9th), two gained.
 */
export const SUBJECT_MODIFIER_WEIGHT = 0.5;
/** The share of a book's chunks above which a named modifier is the book's subject rather than part of the term. */
export const SUBJECT_MODIFIER_SHARE = 0.05;

/**
 * The BM25 weights of a definition question's subject modifiers: the words of its term before the
 * head that are written as names or numbers and that the book uses everywhere ("ROS 2" in "What is
 * a ROS 2 action?" asked of a ROS book) weigh {@link SUBJECT_MODIFIER_WEIGHT}. Keyword scores
 * otherwise favour the chunks that say "ROS 2" and "action" side by side in their headings, on a
 * page about something else, over the one that says what an action is. No modifier of any other
 * question, nor one that is an ordinary word ("wear" in "pump wear ring") or rare in the book.
 * `chunkShare`: the share of the book's chunks that use a stem. The words of the question's frame
 * ("what does X mean", "where do I find") weigh 0 by question-frame.ts.
 *
 * @example
 * subjectModifierWeights('What is a ROS 2 action?', (stem) => (stem === 'action' ? 0.02 : 0.6));
 * // Map { 'ros' => 0.5, '2' => 0.5 }
 */
export function subjectModifierWeights(query: string, chunkShare: (stem: string) => number): Map<string, number> {
  const term = definitionTerms(query) ?? [];
  const head = term.filter((stem) => !/^\d+$/.test(stem)).pop();
  const names = new Set([...nameLikeWords(query)].map((word) => stemWord(word)));
  const named = (stem: string) => names.has(stem) || /^\d+$/.test(stem);
  return new Map(term.filter((stem) => stem !== head && named(stem) && chunkShare(stem) > SUBJECT_MODIFIER_SHARE).map((stem) => [stem, SUBJECT_MODIFIER_WEIGHT]));
}

/**
 * Whether `query` asks what something means or stands for ("what does DHPP stand for", "what does
 * hydration mean in a bread recipe", "what is meant by vendor lock-in"): the leads {@link definitionTerms}
 * reads whose verb is the question's frame (question-frame.ts leaves it out).
 *
 * @example
 * asksWhatItMeans('What does NPSH mean?'); // true
 * asksWhatItMeans('What is NPSH?'); // false
 */
export function asksWhatItMeans(query: string): boolean {
  const text = query.trim().replace(/[?.!]+$/, '');
  return MEANING_LEAD.test(text) || MEANT_BY_LEAD.test(text);
}

/**
 * The ranking priors of a definition question: chunks that define its term or a tail of it ending
 * in its head stem (its last informative word) score {@link DEFINITION_FACTOR}×, chunks whose own
 * heading names the head {@link HEADING_FACTOR}× (both: the product), each word also in its British
 * or American spelling ({@link termSpellings}). Empty for any other query. A
 * collection ingested before terms were one key each holds their stems one by one, which the head
 * alone still matches.
 *
 * @example
 * definitionPriors('What is a ROS 2 topic?');
 * // [{ key: 'defines', any: ['topic', 'ros topic'], factor: 1.3 }, { key: 'heading_terms', any: ['topic'], factor: 1.15 }]
 */
export function definitionPriors(query: string): ScorePrior[] {
  const term = definitionTerm(query);
  // The head of an English noun phrase is its last word ("ROS 2 *topic*", "reality *gap*"); the
  // modifiers before it are often the book's own subject, defined (or headed) everywhere.
  const words = term === null ? [] : termSpellings(term.text);
  const heads = words[words.length - 1];
  if (!heads) return [];
  // `defines` holds each defined term as one key ({@link termKey}): "ROS 2 topic" matches a chunk
  // that defines "topic" or "ROS 2 topic", not one that defines "data distribution service".
  const tails = words.map((_, i) => spelledKeys(words.slice(i))).reverse().flat();
  return [
    { key: 'defines', any: [...new Set(tails)], factor: DEFINITION_FACTOR },
    { key: 'heading_terms', any: heads, factor: HEADING_FACTOR },
  ];
}

/** Most keys one term asks for in other spellings (a term has at most four words). */
const MAX_SPELLED_KEYS = 8;

/**
 * The stems each informative word of a term can take: its own first, then those of its British or
 * American spelling (`spellingVariants`). Ingest indexes both spellings for BM25, but a chunk's
 * `defines` holds the book's: "What is domain randomization?" must find the chunk that defines
 * "domain randomisation" (`domain randomis`, where the American form stems to `random`). The own
 * stems are {@link informativeStems} of {@link definitionTerms}, in the same order.
 */
function termSpellings(term: string): string[][] {
  const seen = new Set<string>();
  const words: string[][] = [];
  for (const token of tokenizeWords(closeLetterHyphens(term))) {
    if (isStopword(token)) continue;
    const own = stemWord(token);
    if (own.length === 0 || seen.has(own)) continue;
    seen.add(own);
    if (!isInformative(own)) continue;
    const others = spellingVariants(token).map(stemWord).filter((stem) => stem !== own && isInformative(stem));
    words.push([own, ...new Set(others)]);
  }
  return words;
}

/** The keys ({@link termKey}) of a run of words, each word in any of its spellings, the own spellings' key first. */
function spelledKeys(words: readonly string[][]): string[] {
  let terms: string[][] = [[]];
  for (const spellings of words) terms = terms.flatMap((stems) => spellings.map((stem) => [...stems, stem]));
  return terms.slice(0, MAX_SPELLED_KEYS).map(termKey);
}
