/**
 * A term named by the complement of a copula: "A new species for your life list is a **lifer**.",
 * "The top of the head is the **crown**; …", "Birds that stay all year are **residents**." The
 * sentence runs from the description to the name, as "… is called **magma**" does without the
 * naming verb, so the emphasised term is what the sentence defines and its subject ("top head",
 * "stripe eye") is a description, not a term. Only when the emphasised term ends the clause (a
 * bracketed gloss may follow: "is the **supercilium** (eyebrow);"), so that stress inside a
 * predicate ("This is **not** allowed", "is **much** faster than …") names nothing, and only after an
 * article or a possessive: a term is a noun, and over the sixteen held-out books, book D and the sample book the
 * emphasised complements without one were adjectives and paths ("this editor is *modal*", "the
 * pattern is *tiled*", "Python is *extensible*", "the plugin folder is *~/.local/…*"); with one
 * they were terms ("the *outer product*", "a *method*", "the *dictionary*").
 */

/**
 * A copula and an article or a possessive determiner, as they stand before the term: "… is its
 * **carrying capacity**", "… is your **adjusted gross income**" name their term as "… is the
 * **crown**" does (six chunks over the held-out books, book D, the sample book and 64 new users'
 * books gained their term, among them the R manual's "Another property of every object is its
 * *length*"; no figure moved).
 */
const COPULA = String.raw`\b(?:is|are)\s+(?:an?|the|its|their|your|our)\s+`;
/** The clause's end after the term, past a bracketed gloss. */
const CLAUSE_END = String.raw`\s*(?:\([^)]{0,60}\)\s*)?(?:[.;:!?]|$)`;
/** The copula just before an emphasised term (the text before it ends so). */
const COPULA_BEFORE = new RegExp(`${COPULA}$`, 'i');
/** The clause ends after the term, past a bracketed gloss. */
const CLAUSE_END_AFTER = new RegExp(`^${CLAUSE_END}`);
/**
 * A sentence whose first copula is followed by an emphasised term that ends the clause (the same
 * {@link COPULA} and {@link CLAUSE_END} as the two above): written with the emphasis marks still in.
 */
const COMPLEMENT_SENTENCE = new RegExp(String.raw`^(?:(?!\b(?:is|are)\b)[^
])*?${COPULA}(\*\*|__|\*|_)[^*_
]{1,60}?\1${CLAUSE_END}`, 'i');

/**
 * Whether the emphasised term between `before` and `after` (its line, split around it) is the
 * complement of a copula that ends its clause.
 *
 * @example
 * isComplementTerm('A new species for your life list is a ', '.'); // true
 * isComplementTerm('This is ', ' allowed.'); // false
 */
export function isComplementTerm(before: string, after: string): boolean {
  return COPULA_BEFORE.test(before) && CLAUSE_END_AFTER.test(after);
}

/**
 * Whether `sentence` (emphasis marks still in) names its complement rather than its subject, so
 * the subject defines nothing.
 *
 * @example
 * namesComplement('The top of the head is the **crown**; the back of the neck is the **nape**.'); // true
 * namesComplement('A **topic** is a named channel.'); // false
 */
export function namesComplement(sentence: string): boolean {
  return COMPLEMENT_SENTENCE.test(sentence.trim());
}
