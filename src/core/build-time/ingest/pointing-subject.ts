/**
 * Subjects of "X is a …" that name nothing new, so the sentence defines no term: a subject that
 * points back or counts ("This table is …", "The two sounds are …"), points at the page ("The
 * example above is …"), opens a place ("Inside each nail is the **quick**") or asks ("How long is
 * the tenancy?"). Apart from defined-terms.ts, which reads the sentences.
 */

/**
 * A subject that points back or counts ("This table is a …", "One node is the server", "Each row
 * is …") names nothing new: the sentence says something about a thing already introduced. Over the
 * fifteen measured books such subjects made 111 chunks "define" words like one, table, feature and
 * tool; no ranking figure moved without them (docs/retrieval-quality.md). A quantifier counts too:
 * "Most music is built from major and minor triads" made a chunk about triads define "music".
 * Not before a hyphen, as COUNTING_SUBJECT: "One-hot encoding is …", "No-till farming is …" and
 * "Many-to-many relationships are …" name their term.
 */
const POINTING_SUBJECT = /^(?:one|each|every|some|any|all|both|no|another|other|such|most|many|much|few|several|this|that|these|those|it|its|there|here|which|what|our|your|their|my|his|her)(?![\w-])/i;
/**
 * An indefinite pronoun ("Anything below A is a reason to call for an ambulance", "Everything in the
 * kit is …", "Someone who … is …") stands for no thing, as "any" and "every" do before a noun, which
 * POINTING_SUBJECT already reads; glued to "-thing", "-one" or "-body" the word ran past its `\b`,
 * and a first-aid book's chunk "defined" "anyth". Whole words only: "Nothingness is …" and "None is
 * Python's null" name their term.
 */
const INDEFINITE_PRONOUN = /^(?:any|every|some|no)(?:thing|one|body)\b/i;
/**
 * A partitive pronoun ("None of this is a reason to be afraid …", "Neither of them is the …",
 * "Either of the two is …") counts among things already named, as "each of" and "all of" do
 * (POINTING_SUBJECT); a soap-making book's safety chapter "defined" `none`. Before "of" only: "None
 * is Python's null" names its term.
 */
const PARTITIVE_SUBJECT = /^(?:none|neither|either)\s+of\b/i;
/**
 * A subject that counts past one or points by its place in the text ("The two sounds are made …",
 * "Three icons are used …", "The latter is a standard form", "The following is a summary …", "Next
 * is the combo box …") names things already or about to be on the page, as "both" and "this" do:
 * over the sixteen held-out books, book D and the sample book 34 sentences made chunks "define"
 * "follow", "latter", "next" or "three icon" (a linguistics book's "The two sounds are made in the
 * same place …", "two sound"). Not before a hyphen ("Two-factor authentication is
 * …" names its term); not the ordinals, which start names ("The second law of thermodynamics is …").
 */
const COUNTING_SUBJECT = /^(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|former|latter|following|next|previous|same|remaining)(?![\w-])/i;
/**
 * A subject that ends by pointing at the page ("The example above is a C chord …", "The figure below
 * is …", "The settings shown are …") is a thing already on the page, as "this example" is; a guitar
 * book's tablature chunk "defined" "exampl".
 */
const POINTING_TAIL = /\s(?:above|below|here|shown|opposite)$/i;
/**
 * A preposition and a determiner open a place, not a term: "Inside each nail is the **quick**, the
 * living part…" says what the quick is, and defined "inside nail"; so did the manuals' "At the top is
 * a text box…", "Below the list is…". Not without the determiner: "Through hole pads are one way…",
 * "The ON clause is…" name their term.
 */
const PLACE_SUBJECT = /^(?:in|inside|on|at|under|underneath|behind|between|within|among|beside|near|above|below|beneath|beyond|outside|around|across|through|after|before|during|without|from|into|onto|over|along|alongside)\s+(?:the|a|an|each|every|this|that|these|those|it|its|our|your|their|his|her|my|some|which|far)\b/i;

/**
 * A question asks, it defines nothing: "How much is the rent?", "How long is the tenancy?" read
 * as subject and copula made a renting book's list of questions to ask on a viewing "define" `much`
 * and `long`, and "How reliable are the …" a manual's chunk `reliabl`. Not "where" ("where phi is a
 * scale parameter" defines the symbol after a formula) nor "when" ("When `modulus` is a positive
 * number `p`, operations … are carried out modulo `p`" opens a condition, not a question: that is
 * {@link SUBORDINATE_SUBJECT}'s). A hyphen after the word makes a term of it ("How-to guides are a kind of
 * documentation", "Why-questions are …"), which `\b` alone let through as a question.
 */
const QUESTION_SUBJECT = /^(?:how|why)\b(?!-)/i;

/**
 * A subordinating conjunction opens a condition or a reason, not a subject: "If the mouse is an
 * optical mouse, …", "When the destination is a stream, …", "Since Python is an evolving language,
 * …", "Once the connection is made, …" say what holds in a case, and made manuals' chunks "define"
 * `mous`, `destin`, `python`, `connect` (127 sentences over the measured books). Read again for
 * "when": all 35 sentences of the sixteen held-out books, book D and the sample book that open
 * "When X is a/the/used …" say what holds or happens in that case ("When `x` is a real number,
 * returns the closest integer to `x`", "When `modulus` is a positive number `p`, operations … are
 * carried out modulo `p`"), none what X is. Not "where" ("where
 * phi is a scale parameter" defines the symbol after a formula). Not before a hyphen ("As-built
 * drawings are …").
 */
const SUBORDINATE_SUBJECT = /^(?:if|when|whenever|since|because|once|while|whilst|unless|although|though|as|until|whereas|whether)(?![\w-])/i;
/**
 * A connective adverb before the subject ("Thus anarchism is the product of …", "Therefore
 * opposition to hierarchy is a key …", "Otherwise `leftmatrix` is the inverse of …", "Instead
 * decisions are made …", "Typically `symbol` is the value of …") draws a conclusion from, or states
 * the other case of, the sentence before: the sentence says something of a thing already named,
 * and the adverb made keys such as `thus anarch`, `otherwis leftmatrix`, `typic symbol`. Dropped,
 * not stripped: without the adverb not one of these sentences says what its subject is. Not "so"
 * or "then", which the analyser drops as stopwords, so they never stood in a key, and "So Anarchism
 * is a political theory which advocates …" is a summary that defines. A small closed list of English
 * words; not before a hyphen.
 */
const CONNECTIVE_SUBJECT = /^(?:thus|hence|therefore|otherwise|instead|also|consequently|accordingly|furthermore|moreover|however|nevertheless|nonetheless|indeed|likewise|similarly|conversely|typically|usually)(?![\w-])\s+\S/i;
/**
 * A determiner or a personal pronoun inside the subject, after a word that is no preposition, starts
 * the clause's own subject: what stands before it is a fronted phrase ("Either way the repair is …",
 * "In fact they are …", "Mathematically it is …", "For most buyers it is …") or a gerund and its
 * object ("Knowing a chord shape is the easy part", "Getting this right is …"), and neither is a term.
 * After a preposition it is part of a name ("The luck of a roll is …", "The area under the line is …").
 * Lower case only: "Argument A is a matrix" names the symbol A.
 */
const INNER_CLAUSE = /^(?:\S+\s+)*?(?<before>\S+)\s+(?:the|a|an|this|these|those|it|they|we|you|he|she|there)(?:\s|$)/;
/**
 * The prepositions after which a determiner belongs to the name ({@link INNER_CLAUSE}; a label's
 * RULE_OBJECT in term-shape.ts reads the same list): "The area under the line", "Rule of the road".
 */
export const PREPOSITION = /^(?:of|in|on|at|to|for|with|by|from|into|onto|under|over|about|across|through|between|among|within|without|inside|outside|behind|beyond|near|after|before|during|along|against|around|per|via|versus|vs\.?)$/i;
/**
 * An evaluative or ordering word before a noun that names a role in the argument, not a thing: "The
 * classic example is the **sea otter**", "The usual causes in beginners are …", "The best way is …",
 * "The main reason is …", "A good starting point is …". The sentence says which thing fills the role,
 * and the role ("classic exampl", "usual caus beginn", "main reason") is no term a reader asks about.
 * Both words must match: "The main sequence is …", "A simple moving average is …", "The standard
 * deviation is …", "The first law is …" name their term. A participle may stand between ("A good
 * starting point is …"). Small closed lists of English words.
 */
const ROLE_SUBJECT = /^(?:(?:the|a|an)\s+)?(?:classic|usual|typical|common|main|chief|principal|key|best|better|worst|good|bad|great|simplest|simple|easiest|quickest|fastest|safest|hardest|commonest|only|right|wrong|ideal|obvious|standard|general|first|second|third|last|final|next|other|real|big|biggest|most\s+\w+)\s+(?:\w+ing\s+)?(?:examples?|reasons?|causes?|ways?|places?|points?|patterns?|results?|symptoms?|prerequisites?|choices?|steps?|usages?|approach|approaches|methods?|answers?|problems?|mistakes?|tricks?|tools?|things?|parts?|rules?|amounts?|ideas?|goals?|aims?|purposes?|options?|solutions?|tips?|advice|cures?|fix|fixes|remedy|remedies|difference|differences)(?:\s+(?:of|in|to|for|on|at|with)\b.*)?$/i;

/**
 * Whether the subject is a clause's or a role's rather than a term's: it opens with a subordinating
 * conjunction ({@link SUBORDINATE_SUBJECT}) or a connective adverb ({@link CONNECTIVE_SUBJECT}), holds a determiner that starts a clause
 * ({@link INNER_CLAUSE}), or names a role with an evaluative word ({@link ROLE_SUBJECT}).
 *
 * @example
 * opensClause('If the mouse'); // true
 * opensClause('Either way the repair'); // true
 * opensClause('classic example'); // true
 * opensClause('Thus anarchism'); // true
 * opensClause('luck of a roll'); // false
 */
export function opensClause(subject: string): boolean {
  if (SUBORDINATE_SUBJECT.test(subject) || CONNECTIVE_SUBJECT.test(subject) || ROLE_SUBJECT.test(subject)) return true;
  const inner = INNER_CLAUSE.exec(subject);
  return inner != null && !PREPOSITION.test(inner.groups!.before!);
}

/**
 * Whether a copula's `subject` points back, counts, is an indefinite or partitive pronoun, points at the page,
 * opens a place or asks a question, and so names no term of its own.
 *
 * @example
 * pointsOrPlaces('This table'); // true
 * pointsOrPlaces('The example above'); // true
 * pointsOrPlaces('topic'); // false
 */
export function pointsOrPlaces(subject: string): boolean {
  return POINTING_SUBJECT.test(subject) || INDEFINITE_PRONOUN.test(subject) || PARTITIVE_SUBJECT.test(subject) || COUNTING_SUBJECT.test(subject) || POINTING_TAIL.test(subject) || PLACE_SUBJECT.test(subject) || QUESTION_SUBJECT.test(subject);
}
