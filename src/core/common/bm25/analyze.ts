/**
 * The text → stems half of Qdrant's BM25 (steps 1–4 of the pipeline).
 */
import { isStopword } from './stopwords';
import { stemWord } from './stemmer';
import { tokenizeWords } from './tokenize';

/**
 * Splits, lowercases, drops stopwords (checked before stemming, as the server does) and stems.
 * Returns stems in text order with duplicates kept, so callers can count term frequencies.
 *
 * @example
 * analyzeText('The robots are running'); // ['robot', 'run']
 */
export function analyzeText(text: string): string[] {
  const stems: string[] = [];
  for (const token of tokenizeWords(text)) {
    if (isStopword(token)) continue;
    const stemmed = stemWord(token);
    if (stemmed.length > 0) stems.push(stemmed);
  }
  return stems;
}
