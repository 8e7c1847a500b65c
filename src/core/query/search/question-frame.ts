/**
 * The words that frame a question rather than name what it asks about: "what does X **mean**",
 * "where do I **find** X", "what **happens** if X". They are the reader's way of asking, no word of the answer, so they weigh
 * nothing in the BM25 question; counted, they ranked the chunks that use the verb ("the dog sits,
 * **stands** up"; a book's `find` command) over the one that answers. Apart from
 * definition-query.ts, whose subject modifiers are words of the term itself.
 */
import { analyzeText, stemWord, WORD_RUNS } from '../../common/bm25/index';
import { asksWhatItMeans, definitionTerms } from './definition-query';

/** The stems of the verbs of "what does X mean", "what does X stand for" and "what is meant by X". */
const MEANING_VERBS = ['mean', 'stand', 'meant'];
/**
 * "Where do I find X" asks where X is, and "find out" means learn: the verb is the question's frame,
 * no word of the answer. Counted, it ranked a book's `find` command over the page that holds X. Not
 * "where do I find and replace", where the verb names the feature, nor "find out-of-range values".
 */
const FIND_FRAME = /\bwhere\s+(?:do|can|could|should|would|will|might)\s+(?:i|we|you|one)\s+find\b(?!\s+and\b)|\bfind\s+out\b(?!-)/i;
/**
 * "How do I figure out who my stakeholders are", "I can't figure it out": the phrasal verb means
 * learn or work out, as "find out" does, and is no word of the answer. Counted, the noun a book uses
 * for a number or an illustration ("a typical figure for a small project is 5–10 %", "Figure 3
 * shows …") ranked a budget passage first for a question about stakeholders. Not the noun alone
 * ("what does figure 3 show"), nor "sales figures out of date" or "figure out-of-range".
 */
const FIGURE_OUT = /\bfigur(?:e|es|ed|ing)\s+(?:(?:it|this|that|them)\s+)?out\b(?!-|\s+of\b)/i;
/**
 * "What happens if I miss a payment", "what happens to my pension when I quit": the verb asks for
 * the consequence of what follows it and is no word of the answer, which says what follows ("a
 * payment 30 days late stays on your report…"). Counted, it ranked any chunk that says "X happens
 * when …" about something else first; so in any tense ("what has happened to", "what is happening
 * to", "what would have happened if", "what's happening with", "what'll happen if", the apostrophe
 * straight or curly as a phone types it). Not "why does this happen", which names no event after it.
 */
const HAPPEN_FRAME = /\bwhat(?:['’](?:s|ll|d)|\s+(?:will|would|could|might|can|should|may|must|does|did|is|was|has|had))?\s+(?:(?:have|be|been)\s+)?(?:happens?|happened|happening)\s+(?:if|when|to|after|once|whenever|before|during|with)\b/i;

/**
 * "How do I get a permit", "if I get lost", "my heel is getting sore", "get rid of", "I've got a
 * dump": the verb asks for a thing or a state, which the words after it name; the answer says
 * "permit", "lost", "sore", not "get". Counted, it ranked a chapter list's "Three chapters get you
 * from the sofa …" and "If symptoms get better …" second and first. Not in capitals: `GET`, the
 * HTTP method a book on web APIs names, is written and asked so ("Get" opening a question is the verb).
 */
const GET_VERB = /\b([Gg](?:et|ets|etting|ot|otten))\b/g;

/**
 * "How much coffee per cup", "miles per hour": "per" is a preposition of rate, as "for" and "by"
 * are (stopwords), and says nothing of the topic; the words beside it do. Counted, it ranked a
 * units list's "parts per million" first for "how much coffee do I use per cup". In lower case
 * only: "PER", the abbreviation a book may define, keeps its weight.
 */
const PER_RATE = /\bper\b/;

/**
 * "Is coffee a good idea before a talk", "would it be a bad idea to repot in winter": the noun asks
 * for a judgement of what the question names, and the answer gives it without the word. Counted,
 * it ranked a heading "One idea per slide" first for the coffee question. Only after "good" or
 * "bad": "the main idea of a talk" or "the big idea" is the subject itself.
 */
const IDEA_JUDGEMENT = /\b(?:good|bad)\s+idea\b/i;

/**
 * "What's the difference between a gate valve and a ball valve", "pcap versus pcapng: what's the
 * difference": the noun asks for a comparison of what the question names, and the answer draws it
 * without the word ("a gate valve has a wheel …; a ball valve has a lever …"). Counted, the rarer
 * "differ" ranked and marked a tap page's "… since brands differ" over the sentences about the two
 * valves. Only the noun before "between", after "what's the" (or "whats the", as readers also
 * type it), or in a question that sets two things side by side with "vs" or "versus" ("granite vs
 * basalt difference": the geology book's "different minerals weather at different rates" ranked
 * first); typed with a letter dropped or swapped as well ("diffrence", "differance", which the
 * search reads as the book's "different"): "different", the verb "differ", and "the difference of
 * two sets" or "in pressure" (a quantity the book names) keep their weight.
 */
const DIFFERENCE_FRAME = /\bdiff?e?r[ae]nces?\s+between\b|\b(?:vs|versus)\b.*\bdiff?e?r[ae]nces?\b|\bdiff?e?r[ae]nces?\b.*\b(?:vs|versus)\b|\bwhat(?:['’]?s|\s+is|\s+are)\s+the\s+(?:(?:main|real|actual|key|big)\s+)?diff?e?r[ae]nces?\b(?!\s+(?:of|in)\b)/i;

/**
 * "granite vs basalt", "clone tool versus heal tool": the connector sets two things side by side and
 * names neither. Counted, "vs" matched a geology book's "the rule of Vs" (its only two chunks with
 * the word, so the rarest word of the question) and ranked that chunk first for "granite vs basalt".
 * In lower case only, as PER_RATE: "VS", "Vs" (a voltage, a product) keep their weight.
 */
const VS = /\bvs\b/;
const VERSUS = /\bversus\b/;

/**
 * "How often should I water my plants", "how long does a water heater last": the adverb asks for a
 * frequency or a duration, which the book writes as one ("every 5 to 8 weeks", "8 to 12 years"), and
 * is no word of the answer. Counted, it ranked and marked the sentences that happen to say "often"
 * or "long" ("can often go barefoot", "light it with a long lighter") over the one that answers.
 * Only after "how", and not as a compound's first part ("how long-term care pays"): "often" or "long"
 * in a statement or a compound is the reader's own word ("a long exposure").
 */
const HOW_OFTEN = /\bhow\s+often\b(?!-)/i;
const HOW_LONG = /\bhow\s+long\b(?!-)/i;

/** Each frame pattern, and the stem of the word it makes weigh nothing (stemmed here once, not per query). */
const FRAME_WORDS: readonly (readonly [RegExp, string])[] = [
  [FIND_FRAME, 'find'],
  [FIGURE_OUT, stemWord('figure')],
  [HAPPEN_FRAME, 'happen'],
  [PER_RATE, 'per'],
  [VS, 'vs'],
  [VERSUS, 'versus'],
  [IDEA_JUDGEMENT, 'idea'],
  [DIFFERENCE_FRAME, stemWord('difference')],
  [HOW_OFTEN, stemWord('often')],
  [HOW_LONG, stemWord('long')],
];

/**
 * The BM25 weights of the words of `query`'s frame, each 0, in any question, a definition or not:
 * - the verb of "what does X mean", "… stand for" or "what is meant by X" ({@link MEANING_VERBS}),
 *   unless the term has that word ("standing wave", "the mean");
 * - "find" in "where do I find …" and "find out" ({@link FIND_FRAME}), "figure" in "figure out"
 *   ({@link FIGURE_OUT}), "happen" in "what happens if / when / to …" ({@link HAPPEN_FRAME});
 * - the light verb "get" not in capitals ({@link GET_VERB});
 * - the rate preposition "per" ({@link PER_RATE}), the connectors "vs" and "versus" ({@link VS},
 *   {@link VERSUS}), the "idea" of "a good / bad idea"
 *   ({@link IDEA_JUDGEMENT}), the "difference" of "the difference between …" ({@link DIFFERENCE_FRAME})
 *   and the "often" and "long" of "how often" and "how long" ({@link HOW_OFTEN}, {@link HOW_LONG}).
 *
 * Empty for any other question.
 *
 * @example
 * questionFrameWeights('what does DHPP stand for?'); // Map { 'mean' => 0, 'stand' => 0, 'meant' => 0 }
 * questionFrameWeights('where do I find the admin password?'); // Map { 'find' => 0 }
 */
export function questionFrameWeights(query: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const stem of meaningVerbs(query)) weights.set(stem, 0);
  for (const [frame, stem] of FRAME_WORDS) if (frame.test(query)) weights.set(stem, 0);
  for (const [, verb] of query.matchAll(GET_VERB)) weights.set(stemWord(verb!.toLowerCase()), 0);
  return weights;
}

/** The stems of {@link MEANING_VERBS} that frame `query` (a question asking what its term means), less the term's own. */
function meaningVerbs(query: string): string[] {
  const term = definitionTerms(query);
  return term && asksWhatItMeans(query) ? MEANING_VERBS.filter((stem) => !term.includes(stem)) : [];
}

/**
 * `text` without the verb of its definition frame ("mean" of "what does OTE mean", "stand" of "…
 * stand for", "meant" of "what is meant by X"), for the local model's query vector, which reads no
 * BM25 weights. The verb names no topic, yet the model placed it: a job posting's "Red flags" list,
 * which says "means" twice, scored .61 for "what does OTE mean" and the glossary entry .42 ("what
 * is OTE": .90). Only when a word `known` to the model remains, else the question would have no
 * vector at all; any other question, and every other frame word, is returned as written (leaving
 * them all out cost the held-out books: "get", "the difference between" carry topic in the model).
 *
 * @example
 * withoutMeaningVerb('what does OTE mean', (stem) => stem === 'ote'); // 'what does OTE '
 * withoutMeaningVerb('what is the mean of a sample', () => true); // unchanged
 */
export function withoutMeaningVerb(text: string, known: (stem: string) => boolean): string {
  const verbs = meaningVerbs(text);
  if (verbs.length === 0) return text;
  const rest = text.replace(WORD_RUNS, (word) => (verbs.includes(stemWord(word.toLowerCase())) ? '' : word));
  return analyzeText(rest).some(known) ? rest : text;
}
