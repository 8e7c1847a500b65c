/**
 * Build time: a book's open compounds ("hair dryer", "web site", "egg shells") as readers close them
 * up ("hairdryer", "website", "eggshells"), indexed at ingest beside the chunk's own words
 * (cli/ingest/vocabulary-bridges.ts), as a hyphenated word is closed up (word-variants.ts's
 * `closedCompounds`). Only ingest reads it, so it lives here, out of the Worker.
 */
import { isStopword } from '../../common/bm25/index';

/** Two adjacent words of a text and the one word a reader may write for them. */
export interface OpenCompound {
  /** The two words closed up, lowercased: "hairdryer". */
  closed: string;
  /** The two words as a dictionary writes an open compound: "hair dryer". */
  open: string;
  /** The two words, lowercased: ["hair", "dryer"]. */
  parts: [string, string];
}

// Two words of letters with only spaces or tabs between: a line break, a comma or a hyphen (which
// closedCompounds reads) parts them. The lookahead lets each word be the first of the next pair.
const ADJACENT = /(\p{L}+)[ \t]+(?=(\p{L}+))/gu;

/**
 * Each distinct pair of adjacent words of `text` whose parts both have three letters or more and
 * neither is a stopword, unchecked against a dictionary: the caller keeps only the pairs its list of
 * open compounds holds (WordNet's "hair_dryer", "web_site"), since most adjacent pairs closed up are
 * no word or another word ("use less" → "useless", "hat red" → "hatred", "pro file" → "profile").
 * A reader asked "can I use a hairdryer to speed things up" of a book that writes "hair dryer": the
 * question's heaviest word was one the book never uses.
 *
 * @example
 * openCompounds('Dry it with a hair dryer.').map((c) => c.closed); // ['hairdryer']
 */
export function openCompounds(text: string): OpenCompound[] {
  const out = new Map<string, OpenCompound>();
  for (const match of text.normalize('NFKC').matchAll(ADJACENT)) {
    const first = match[1]!.toLowerCase();
    const second = match[2]!.toLowerCase();
    if (first.length < 3 || second.length < 3 || isStopword(first) || isStopword(second)) continue;
    const open = `${first} ${second}`;
    if (!out.has(open)) out.set(open, { closed: first + second, open, parts: [first, second] });
  }
  return [...out.values()];
}
