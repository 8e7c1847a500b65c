/**
 * The bar to beat: plain BM25 (k1 1.2, b 0.75, Lucene IDF) over fixed 250-word windows of each
 * raw page, with the same tokenizer, stopwords and stemmer as the product. No chunking, no
 * titles, no embedding — what anyone gets from a text index in an afternoon.
 */
import { analyzeText } from '../../src/core/common/bm25';
import { pageKeyOf } from './book-queries';

/** Words per window. */
export const WINDOW_WORDS = 250;

interface Window {
  page: string;
  tf: Map<string, number>;
  length: number;
}

/** A BM25 index of a book's windows. */
export interface WindowIndex {
  windows: Window[];
  df: Map<string, number>;
  avgLen: number;
}

/**
 * Splits every file into consecutive windows of {@link WINDOW_WORDS} whitespace-separated words.
 *
 * @example
 * const index = buildWindowIndex([{ path: 'a.md', text: 'ROS 2 topics …' }]);
 */
export function buildWindowIndex(files: readonly { path: string; text: string }[], words = WINDOW_WORDS): WindowIndex {
  const windows: Window[] = [];
  const df = new Map<string, number>();
  for (const file of files) {
    const all = file.text.split(/\s+/).filter(Boolean);
    for (let start = 0; start < all.length; start += words) {
      const stems = analyzeText(all.slice(start, start + words).join(' '));
      const tf = new Map<string, number>();
      for (const stem of stems) tf.set(stem, (tf.get(stem) ?? 0) + 1);
      for (const stem of tf.keys()) df.set(stem, (df.get(stem) ?? 0) + 1);
      windows.push({ page: pageKeyOf(file.path), tf, length: stems.length });
    }
  }
  const avgLen = windows.reduce((s, w) => s + w.length, 0) / Math.max(1, windows.length);
  return { windows, df, avgLen };
}

/** The pages of the top-`k` windows for `query` (windows with no matching term are left out). */
export function searchWindows(index: WindowIndex, query: string, k: number): string[] {
  const terms = [...new Set(analyzeText(query))];
  const n = index.windows.length;
  const scored: { page: string; score: number; order: number }[] = [];
  index.windows.forEach((w, order) => {
    let score = 0;
    for (const term of terms) {
      const tf = w.tf.get(term);
      if (!tf) continue;
      const df = index.df.get(term) ?? 0;
      const idf = Math.log((n - df + 0.5) / (df + 0.5) + 1);
      score += (idf * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * w.length) / index.avgLen));
    }
    if (score > 0) scored.push({ page: w.page, score, order });
  });
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return scored.slice(0, k).map((s) => s.page);
}
