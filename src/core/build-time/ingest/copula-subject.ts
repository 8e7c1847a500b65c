/**
 * The term a sentence defines by opening with its subject and a copula ("Docker is a container
 * runtime", "An action is built from …"), read from the sentence with its emphasis marks still in,
 * since the marks say which words of the subject are the term. Apart from defined-terms.ts, which
 * reads the chunk's lines and sentences.
 */
import { isStopword } from '../../common/bm25/index';
import { termBeforeItsEnd } from '../../query/search/definition-query';
import { opensClause, pointsOrPlaces } from './pointing-subject';

/** At most this many words in a defined term (longer spans are sentences, not terms). */
export const MAX_TERM_WORDS = 4;
// Not "is called": "Molten rock underground is called **magma**" names the complement, and its
// subject is the description (the complement is read as defined by NAMING_BEFORE in defined-terms.ts).
const SUBJECT_COPULA = /^(?:(?:an?|the)\s+)?([A-Za-z][\w.+#/-]*(?:\s+[A-Za-z0-9][\w.+#/-]*){0,3}?)\s+(is|are)\s+(?:an?|the|one|used|what|how|built|made|defined|responsible)\b/i;
/** Bold, underscore-bold and code marks, taken out before a sentence or line is read as words. */
export const INLINE_MARKS = /(\*\*|__|\x60)/g;
/** An emphasised span that opens the sentence, after an article ("**Spongy bone** inside is …"). */
const OPENING_EMPHASIS = /^\s*(?:(?:an?|the)\s+)?(\*\*|__|\*|_)([^*_\n]{1,60}?)\1/i;
/**
 * Two things joined before a plural copula ("Heat exhaustion and hypothermia are what happens …",
 * "Stocks and mutual funds are the most common securities"): the sentence says what they share, not
 * what either is, as a list of emphasised terms before a copula does (LISTED_BEFORE in
 * defined-terms.ts). Over the sixteen held-out books, book D, the sample book and 49 new users'
 * books, 15 chunks were read as defining such a pair as one key ("stock mutual fund", "oxygen
 * silicon", "restrict cascad delet"), which only a question naming both could ask; split, 2 of
 * the 15 would have said what each item is ("Syrah and Shiraz are the same grape"), the rest
 * nothing ("Shure SM57 and SM58 are the classic examples"). Before "is" the pair is one name
 * ("Rock and roll is a genre", "A trading or ticker symbol is an abbreviation …").
 */
const COORDINATED = /\s(?:and|or)\s/i;
/**
 * A clause after the emphasised span ("**Note** that there is a sign error …") makes the copula the
 * clause's, and the span a label, not the subject: the whole subject is read as before.
 */
const CLAUSE_OPENER = /^that$/i;
/**
 * A copula, a short complement and "if" or "unless": "A serve is a **fault** if: …", "A move is a
 * blunder if it loses …" state a rule, when the thing is one, not what the thing is (a tennis
 * book's rules "defined" `serv`). Up to two words of complement after an article, so that "An
 * interrupt is a signal the hardware raises if …" keeps its longer phrase as a definition's. Read
 * from the subject's copula on.
 */
const CONDITIONAL_RULE = /^\s+(?:is|are)\s+(?:(?:an?|the)\s+)?[^\s,;:.]+(?:\s+[^\s,;:.]+){0,1}\s*,?\s+(?:if|unless|only\s+(?:if|when))\b/i;
/**
 * A copula whose complement judges the thing, not what it is: "A pool is the best place to practise
 * …", "Second-hand tanks are a good way to save money", "A group of three is the minimum for open
 * water". An evaluative word before a role noun, as ROLE_SUBJECT (pointing-subject.ts) reads a
 * subject, from a narrower list ("Git is the standard tool for …" says what Git is, and keeps
 * `git`); "the minimum" or "the maximum" only where the clause or a prepositional phrase follows
 * ("`lhospitallim` is the maximum number of times …" defines an option variable).
 */
const JUDGED_COMPLEMENT = /^\s+(?:is|are)\s+(?:an?|the)\s+(?:(?:best|better|worst|good|bad|great|easiest|simplest|quickest|fastest|safest|hardest|ideal|perfect|right|wrong)\s+(?:\w+ing\s+)?(?:places?|ways?|times?|spots?|choices?|options?|examples?|points?|things?|ideas?|bets?|approach|answers?|moments?)|(?:minimum|maximum)(?=\s*(?:[.,;:!?]|$|(?:for|in|on|at|to|with)\b)))\b/i;
/**
 * An activity, one gerund ("Throwing is the fastest way to make round pots"): what it is the way to
 * do is what it is, so {@link JUDGED_COMPLEMENT} does not apply.
 */
const GERUND = /^[A-Za-z]+ing$/;

/**
 * The emphasised span that opens `marked` when the words after it, before the copula, modify it
 * rather than finish its name: they open with a preposition, an adverb or a function word, where a
 * definition question's term ends too (`termBeforeItsEnd`): "**Spongy bone** inside is a lattice …",
 * "The **reference** of an expression is …", "**Sulfates** such as gypsum are used …" (before, the
 * keys were "spongi bone insid", "refer express", "sulfat gypsum": "what is spongy bone" asks for
 * "spongi bone"). Null when a noun follows ("**Non-locking** carabiners are …",
 * "The **root** word is …": the emphasis marks the word that tells the term apart, and the term is
 * the whole phrase), or when no span opens the subject.
 */
function emphasisedHead(marked: string, subject: string): string | null {
  const span = OPENING_EMPHASIS.exec(marked)?.[2]?.replace(/\x60/g, '').trim();
  if (!span || !subject.toLowerCase().startsWith(`${span.toLowerCase()} `)) return null;
  const rest = subject.slice(span.length).trim();
  const first = rest.split(/\s+/)[0]!;
  if (CLAUSE_OPENER.test(first)) return null;
  return isStopword(first.toLowerCase()) || termBeforeItsEnd(subject) === span ? span : null;
}

/**
 * The term `marked` (one sentence, emphasis marks in) defines by opening with its subject and a
 * copula, or null: none when the subject points back, counts or opens a place (`pointsOrPlaces`),
 * opens a condition, a fronted phrase or names a role (`opensClause`), the sentence states a rule
 * ({@link CONDITIONAL_RULE}) or judges the thing ({@link JUDGED_COMPLEMENT}),
 * joins two things before "are" ({@link COORDINATED}), or is longer than a term. When an emphasised
 * span opens the subject and modifying words follow it, the span alone ({@link emphasisedHead}).
 *
 * @example
 * copulaSubject('Docker is a container runtime.'); // 'Docker'
 * copulaSubject('**Spongy bone** inside is a lattice of thin struts.'); // 'Spongy bone'
 * copulaSubject('Heat exhaustion and hypothermia are what happens when …'); // null
 */
export function copulaSubject(marked: string): string | null {
  const plain = marked.replace(INLINE_MARKS, '').trim();
  const match = SUBJECT_COPULA.exec(plain);
  const subject = match?.[1];
  if (!subject || pointsOrPlaces(subject) || opensClause(subject)) return null;
  const rest = plain.slice(plain.indexOf(subject) + subject.length);
  if (CONDITIONAL_RULE.test(rest) || (JUDGED_COMPLEMENT.test(rest) && !GERUND.test(subject))) return null;
  if (match[2]!.toLowerCase() === 'are' && COORDINATED.test(subject)) return null;
  const term = emphasisedHead(marked, subject) ?? subject;
  return term.split(/\s+/).length <= MAX_TERM_WORDS ? term : null;
}
