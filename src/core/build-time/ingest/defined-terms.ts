/**
 * What a chunk is ABOUT, as stems, so a definition question ("What is a topic?") can favour the
 * passage that says what a topic is over the page intro that merely names it (see
 * `definitionPriors` at query time). Found from the shapes definitions take in any textbook, never
 * from a word list:
 *
 * - `heading_terms`: the chunk's own heading, when it is not the page title ("## Topics: publish
 *   and subscribe");
 * - `defines`: a bold or italic term in a defining sentence (`A **topic** is …`, `… is called a
 *   **frame**`, `the **Unified Robot Description Format (URDF)**, an XML format …`, the name and its
 *   abbreviation both, or its other name in brackets, or a plain name after "is called" (`This kind
 *   of soap is called Castile soap.`: plain-naming.ts), `**Cone (pyrometric cone)**` (bracketed-alias.ts);
 *   a glossary item `- **Term**: …` / `**Term:** …` / `**Term** — …`, or a
 *   definition list's term line, `**Term**` or `Term` over a `: …` line), or the subject
 *   of a sentence that opens with it and a copula (`Docker is a …`, `An action is built from …`;
 *   only its bold span in `**Spongy bone** inside is …`, none in `A and B are …`: copula-subject.ts),
 *   or the term of its own heading when that heading is a definition question (`## What is an IP
 *   address?`, read as the search reads a question: `definitionTerms`), or a heading whose first
 *   prose line opens with the heading's own words, or with the name it leads with before a colon
 *   (`### List comprehensions` + `List comprehensions provide a concise way …`; `## Services:
 *   request and response` + `A **service** has …`): a section that starts by naming its subject
 *   introduces it, whatever verb follows, word for word so that "How to import a file" + "To import
 *   a file, …" is not one;
 *   over fourteen sets three definition questions gain their section at rank 1 and one loses its
 *   page to another page's section that this rule now reads as defining the term, docs/retrieval-quality.md).
 *
 * Stems come from the BM25 analyzer, so query words match them however they are inflected. A term
 * of several words is one key, its stems joined by spaces ("data distribut servic"), so that the
 * chunk defining the Data Distribution Service is not read as defining a service. Over a
 * whole book, a term that more than `MAX_DEFINING_CHUNKS` chunks define only as a list item is
 * dropped from those chunks (`keepDistinctDefinitions`, distinct-definitions.ts): that is a
 * reference manual's option lists, not a glossary.
 */
import { analyzeText, stemWord, tokenizeWords } from '../../common/bm25/index';
import { definitionTerms, informativeStems, termKey } from '../../query/search/definition-query';
import { closeLetterHyphens } from '../../query/search/letter-compound';
import { nameAndAlias } from './bracketed-alias';
import { spelledAbbreviations } from './spelled-abbreviation';
import { plainNames } from './plain-naming';
import { asksAState, mostlyFunctionWords, namesAStateOrRule } from './term-shape';
import { isComplementTerm, namesComplement } from './complement-term';
import { INLINE_MARKS, MAX_TERM_WORDS, copulaSubject } from './copula-subject';
import { fenceTracker } from './code-fences';
import { stripHeadingId } from './heading-anchors';
import { glossaryTableNames } from './glossary-table';
import { DEFINITION_LIST_DETAIL, proseLines } from './prose-lines';

/** At most this many stems of a heading (`heading_terms`) are kept per chunk, so the payload stays small. */
const MAX_STEMS = 16;
/**
 * At most this many terms (`defines`) are kept per chunk. A glossary is one chunk of `**Term**: …`
 * lines, alphabetical, and a chunk of ≤ 500 tokens holds up to about 40 of them, each with up to two
 * keys ("**Random access memory (RAM)**", "**Cone (pyrometric cone)**"): at 16, a glossary's 17th term
 * on ("Wort", "Truss rod", "Virtue") was never recorded as defined there, and a definition question
 * about it lost the prior only because of where the alphabet put it. Only a glossary comes near it.
 */
const MAX_DEFINED_TERMS = 96;

const EMPHASIS = /(\*\*|__|\*|_)([^*_\n]{1,60}?)\1/g;
/**
 * The copula after a term, past an aside in brackets, commas or a pair of dashes ("The **tritone** —
 * six half steps — is …", as prose sets an aside off; dashes spaced or not, em or en).
 */
const COPULA_AFTER = /^\s*(?:\([^)]{0,60}\)\s*)?(?:,[^,.]{0,60},\s*)?(?:[—–][^—–.\n]{1,60}[—–]\s*)?(?:is|are|was|means|refers\s+to|stands\s+for|describes|denotes)\b/i;
/**
 * A term glossed by an indefinite noun phrase after a comma ("**Whisper**, an open-source speech
 * model"). Not after a colon: "**Alpha channel**: the …" is as often a manual's option list, and
 * reading it as a definition cost "what is an alpha channel" its top-3 page (docs/retrieval-quality.md, Round 15).
 */
const APPOSITIVE_AFTER = /^\s*,\s+an?\s+\S/i;
/**
 * The text before an emphasised term that ends a list of them ("*start* and *end* are …",
 * "**sh** and **bash** are not the same", "*walk*, *walks*, *walked*, *walking* are forms of one
 * verb"): the copula's subject is the whole list, and it said the last item alone was defined (21
 * terms over the sixteen held-out books, book D and the sample book: "end", "bash", "kazaross xg2"). Not
 * after ", and" ("*rose* is a hyponym of *flower*, and *flower* is the hypernym" opens a clause).
 */
const LISTED_BEFORE = /[*_\x60]\s*(?:,\s*|\s+(?:and|or)\s+)$/i;
const NAMING_BEFORE = /\b(?:called|named|known\s+as|termed|dubbed)\s+(?:an?\s+|the\s+)?$/i;
const GLOSSARY_ITEM = /^\s*(?:[-*+]\s+|\d+[.)]\s+)?$/;
// A bracket may stand between a glossary's term and its colon, as it may before a copula
// (COPULA_AFTER): "**Anatta** (Pa. *anattā*): the teaching of no-self", "**RAM** (random access
// memory): …" — a word's language and original spelling, or what an abbreviation stands for. Without
// it such a glossary defined nothing. The bracket is not the term: an etymology is no other name.
const GLOSSARY_AFTER = /^\s*(?:\([^()\n]{1,60}\)\s*)?(?::|—|–|-\s)/;
const SENTENCE = /[^.!?\n]+(?:[.!?]+|$)/g;
const ARTICLE = /^(?:a|an|the)$/;
/** The name a heading leads with before a colon or a spaced dash ("Services: request and response"). */
const HEADING_LEAD = /^(.+?)\s*(?::|\s[—–-]\s)/;
/**
 * A markdown link, `[text](address)`: its text names the term, its address is no word of it (a
 * bold link "**[Forces](./02-forces/index.md)**" gave the key "forc forc index md").
 */
const LINK = /\[([^\]\n]*)\]\([^)\n]*\)/g;
/** An emphasised span that is one link and nothing else. */
const LINK_ONLY = /^\s*\[[^\]\n]*\]\([^)\n]*\)\s*$/;

function wordCount(text: string): number {
  return text.trim().split(/\s+/).filter(Boolean).length;
}

/** A phrase the text defines, and whether only its shape as a list item says so. */
export interface Defined {
  phrase: string;
  /** `- **Term**: …` with no copula or naming word: a glossary's shape, and an option list's. */
  listed: boolean;
}

/** Terms emphasised where the text defines them (see the module comment). */
function emphasisedDefinitions(line: string): Defined[] {
  const terms: Defined[] = [];
  for (const match of line.matchAll(EMPHASIS)) {
    const marked = match[2]!.replace(/[:.]\s*$/, '').replace(/\x60/g, '');
    const raw = marked.replace(LINK, '$1');
    // "**Unified Robot Description Format (URDF)**", "**Cone (pyrometric cone)**": each name is the term.
    const [name, short] = nameAndAlias(raw, MAX_TERM_WORDS);
    if (name.trim() === '' || wordCount(name) > MAX_TERM_WORDS) continue;
    const before = line.slice(0, match.index);
    const after = line.slice(match.index + match[0].length);
    const glossary = GLOSSARY_ITEM.test(before) && (/:\s*$/.test(match[2]!) || GLOSSARY_AFTER.test(after));
    const worded = (COPULA_AFTER.test(after) && !LISTED_BEFORE.test(before)) || APPOSITIVE_AFTER.test(after) || NAMING_BEFORE.test(before) || isComplementTerm(before, after);
    // "1. **[Forces](./forces.md)** — Newton's laws …" lists the book's parts: a table of contents,
    // whose linked pages define the terms, not this list. Worded ("**[Docker](…)** is a …"), it defines.
    if (!worded && LINK_ONLY.test(marked)) continue;
    if (glossary || worded) terms.push(...[name, ...(short ? [short] : [])].map((phrase) => ({ phrase, listed: !worded })));
  }
  return terms;
}

/** The informative stems of `phrases` ({@link informativeStems}), each once, at most {@link MAX_STEMS}. */
function stemsOf(phrases: readonly string[]): string[] {
  return [...new Set(informativeStems(phrases.flatMap((phrase) => analyzeText(phrase))))].slice(0, MAX_STEMS);
}

/** The keys ({@link termKey}) of `terms`, each once, at most {@link MAX_DEFINED_TERMS}. */
function keysOf(terms: readonly (readonly string[])[]): string[] {
  return [...new Set(terms.map(termKey).filter(Boolean))].slice(0, MAX_DEFINED_TERMS);
}

/**
 * The stems of the chunk's own heading (empty when it is the page title or there is none).
 *
 * @example
 * headingTerms('Topics: publish and subscribe', 'Nodes and topics'); // ['topic', 'publish', 'subscrib']
 */
export function headingTerms(section: string | null, title: string): string[] {
  // "## B-Tree" is `btree`, as "What is a B-tree?" asks for it (closeLetterHyphens).
  return section && section.trim().toLowerCase() !== title.trim().toLowerCase() ? stemsOf([closeLetterHyphens(section)]) : [];
}

/**
 * The terms a chunk defines (see the module comment), each as one key ({@link termKey}), each once:
 * those its sentences and headings define, and the term its own heading asks about when that
 * heading is a definition question ("What is an IP address?": help pages and FAQs answer it in the
 * section below).
 *
 * @example
 * definedTerms('## Topics\n\nA **topic** is a named channel.'); // ['topic']
 * definedTerms('Docker is a container runtime.'); // ['docker']
 * definedTerms('Every device on a network has one.', 'What is an IP address?'); // ['ip address']
 * definedTerms('### Net classes\n\nNet classes group nets that share rules.'); // ['net class']
 */
export function definedTerms(content: string, section: string | null = null): string[] {
  // Each term keyed with its letter-hyphen words closed up ("U-value": `uvalu`), as a question's is.
  const asked = section && /^\s*(?:what|who)\b/i.test(section) && !asksAState(section) ? definitionTerms(closeLetterHyphens(section)) : null;
  const headed = [...(asked ? [asked] : []), ...openedBy(content)];
  const phrases = definitionsIn(content).filter((d) => !mostlyFunctionWords(d.phrase) && !namesAStateOrRule(d.phrase));
  return keysOf([...headed, ...phrases.map((d) => analyzeText(closeLetterHyphens(d.phrase)))]);
}

/**
 * The stems of each heading in the chunk whose first prose line opens with the heading's own words:
 * a section that starts by naming its subject ("### List comprehensions" + "List comprehensions
 * provide a concise way …") is the passage that introduces it, whatever verb follows.
 */
function openedBy(content: string): string[][] {
  const inFence = fenceTracker(true);
  const lines = content.split('\n').map((line) => (inFence(line) ? null : line));
  // Word for word, function words included, so "How to import a file" + "To import a file, …" (a
  // procedure) is not read as a definition; only a leading article may differ.
  const words = (text: string) => tokenizeWords(text.replace(INLINE_MARKS, '')).map(stemWord).filter((w, i) => i > 0 || !ARTICLE.test(w));
  const terms: string[][] = [];
  lines.forEach((line, at) => {
    if (line === null || !/^#{1,6}\s/.test(line)) return;
    const title = stripHeadingId(line.replace(/^#+\s*/, ''));
    const heading = analyzeText(closeLetterHyphens(title));
    if (heading.length === 0 || heading.length > MAX_TERM_WORDS) return;
    // The first line after the heading that is not blank, when it is prose (not code, a table or JSX).
    const first = lines.slice(at + 1).find((next) => next === null || next.trim() !== '');
    if (first == null || /^\s*(#|\||<)/.test(first)) return;
    const opening = words(first);
    if (words(title).every((word, i) => opening[i] === word)) terms.push(heading);
    else {
      // "## Services: request and response" + "A **service** has a request type …": the name before
      // a colon or a spaced dash is the subject; the rest of the heading glosses it.
      const lead = HEADING_LEAD.exec(title)?.[1];
      const named = lead ? analyzeText(closeLetterHyphens(lead)) : [];
      if (lead && named.length > 0 && words(lead).every((word, i) => opening[i] === word)) terms.push(named);
    }
  });
  return terms;
}

/**
 * Every phrase the chunk's prose lines define, in order, each with how it is defined.
 *
 * @example
 * definitionsIn('- **Channel**: a colour.\nA **mask** is a grey image.'); // [{ phrase: 'Channel', listed: true }, { phrase: 'mask', listed: false }]
 */
export function definitionsIn(content: string): Defined[] {
  // A glossary table's rows define their names as list items do (glossary-table.ts).
  const found: Defined[] = glossaryTableNames(content)
    .flatMap((name) => definitionListTerm(name) ?? [])
    .map((phrase) => ({ phrase, listed: true }));
  const lines = proseLines(content);
  lines.forEach((line, at) => {
    const term = DEFINITION_LIST_DETAIL.test(lines[at + 1] ?? '') ? definitionListTerm(line) : null;
    if (term) found.push(...term.map((phrase) => ({ phrase, listed: true })));
    found.push(...emphasisedDefinitions(line));
    // "Instructors teach it as **DSSSM**: Doors, Seat, …", "the Driver Standards Agency (DSA)": the
    // line that spells an abbreviation out defines it. Listed, not worded: a name spelt out in many
    // chunks (a manual expands it on every page) is dropped as a list's term is (distinct-definitions.ts).
    found.push(...spelledAbbreviations(line).map((phrase) => ({ phrase, listed: true })));
    const bare = line.replace(/^\s*(?:[-*+>]\s+|\d+[.)]\s+)/, '');
    for (const marked of bare.match(SENTENCE) ?? []) {
      // "The top of the head is the **crown**": the complement is the term, the subject a description.
      if (namesComplement(marked)) continue;
      const subject = copulaSubject(marked);
      if (subject) found.push({ phrase: subject, listed: false });
      found.push(...plainNames(marked).map((phrase) => ({ phrase, listed: false })));
    }
  });
  return found;
}

/**
 * The term of a definition list's term line (`**Hydration**` or `Hydration`, then `: The weight of
 * …` on the next line: PHP Markdown Extra, Pandoc and MkDocs' `def_list`, the shape many glossaries
 * take), or of a glossary table's row, the name and its abbreviation both; null when the line is
 * too long to be a term.
 */
function definitionListTerm(line: string): string[] | null {
  const raw = line.trim().replace(INLINE_MARKS, '').replace(/(^|\s)[*_]+|[*_]+(?=\s|$)/g, '$1').trim();
  if (raw === '' || DEFINITION_LIST_DETAIL.test(raw)) return null;
  const [name, short] = nameAndAlias(raw, MAX_TERM_WORDS);
  return wordCount(name) > MAX_TERM_WORDS ? null : [name, ...(short ? [short] : [])];
}
