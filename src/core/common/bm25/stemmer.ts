/**
 * Snowball English (Porter2) stemming, matching rust-stemmers' "english" algorithm that the Qdrant
 * server uses. Wraps the `porter2` package: it matched libstemmer 2.2.0 (the same Snowball English
 * as rust-stemmers) on ~960k words, is ~14 KB unminified and is pure code (no eval, no node: APIs),
 * so it bundles into the Worker. `snowball-stemmers` matched too but bundles all 24 languages.
 */
import { stem } from 'porter2';

// porter2 indexes UTF-16 code units, Snowball indexes code points: a letter outside the BMP
// (e.g. U+1D41B 𝐛) would count as two non-vowels and shift the R1/R2 regions or break the
// "short syllable" test. Swapping each such letter for one Private Use Area char (never part of a
// token: PUA is not alphanumeric, and like any non-ASCII letter it is a plain non-vowel to
// Snowball) and swapping back afterwards gives Snowball's result.
const HAS_SURROGATE = /[\uD800-\uDFFF]/;
const PUA_START = 0xe000;

function stemAstral(token: string): string {
  const toPua = new Map<string, string>();
  const fromPua = new Map<string, string>();
  let bmp = '';
  for (const ch of token) {
    if (ch.length === 1) {
      bmp += ch;
      continue;
    }
    let sub = toPua.get(ch);
    if (sub === undefined) {
      sub = String.fromCharCode(PUA_START + toPua.size);
      toPua.set(ch, sub);
      fromPua.set(sub, ch);
    }
    bmp += sub;
  }
  let out = '';
  for (const ch of stem(bmp)) out += fromPua.get(ch) ?? ch;
  return out;
}

/**
 * Stems one lowercased token with Snowball English (Porter2), as rust-stemmers does. Digits and
 * non-Latin letters pass through unchanged ("2023" stays "2023").
 *
 * @example
 * stemWord('running'); // 'run'
 * stemWord('generously'); // 'generous'
 */
export function stemWord(lowercasedToken: string): string {
  return HAS_SURROGATE.test(lowercasedToken) ? stemAstral(lowercasedToken) : stem(lowercasedToken);
}
