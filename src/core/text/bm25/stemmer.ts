/**
 * Snowball English (Porter2) stemming. PROVISIONAL: wraps the `porter2` package until it is checked
 * against the reference stems.
 */
import { stem } from 'porter2';

/**
 * Stems one lowercased token with Snowball English (Porter2), as rust-stemmers does.
 *
 * @example
 * stemWord('running'); // 'run'
 */
export function stemWord(lowercasedToken: string): string {
  return stem(lowercasedToken);
}
