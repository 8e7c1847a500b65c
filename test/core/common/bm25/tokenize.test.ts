import { describe, expect, it } from 'vitest';
import { normalizeQuery } from '../../../../src/core/common/text/normalize-query';
import { splitWords, tokenizeWords } from '../../../../src/core/common/bm25/tokenize';

describe('tokenizeWords', () => {
  it('splits on underscores (Rust is_alphanumeric is false for _)', () => {
    expect(tokenizeWords('rclpy_node create_publisher')).toEqual(['rclpy', 'node', 'create', 'publisher']);
  });

  it('treats CRLF, tabs and runs of whitespace as one separator', () => {
    expect(tokenizeWords('  alpha\r\nbeta\t\tgamma\n\n  delta  ')).toEqual(['alpha', 'beta', 'gamma', 'delta']);
  });

  it('splits on every punctuation mark, including apostrophes, dots and hyphens', () => {
    expect(tokenizeWords("ROS-2 isn't v2.1.1 (QoS) a/b #x @y")).toEqual([
      'ros', '2', 'isn', 't', 'v2', '1', '1', 'qos', 'a', 'b', 'x', 'y',
    ]);
  });

  it('keeps accented Latin letters and lowercases without ASCII folding', () => {
    // µ (U+00B5) is a letter (NFKC reads it as Greek μ); ± and ° are symbols and split.
    expect(tokenizeWords('Café naïve µm ±5°C')).toEqual(['café', 'naïve', 'μm', '5', 'c']);
  });

  it('keeps other-numeric and letter-numeric characters (No, Nl), each word read as NFKC reads it', () => {
    // ² is No, Ⅻ is Nl, ٣ is Arabic-Indic digit three (Nd, which NFKC keeps).
    expect(tokenizeWords('x² Ⅻ ٣')).toEqual(['x2', 'xii', '٣']);
  });

  it('reads each word as the question arrives (NFKC): a book\'s CO₂ is the reader\'s CO2, and a symbol still separates', () => {
    expect(tokenizeWords('6 CO₂ + 6 H₂O, ATP → ADP + Pᵢ; ¹⁵N; ﬁle; ｔｆ２')).toEqual(['6', 'co2', '6', 'h2o', 'atp', 'adp', 'pi', '15n', 'file', 'tf2']);
    expect(tokenizeWords(normalizeQuery('CO₂ uptake'))).toEqual(tokenizeWords('co2 uptake'));
    // NFKC spells ™ out as "TM", but only words are folded: the mark still ends the word before it.
    expect(splitWords('KStars™ ½')).toEqual(['KStars', '1', '2']);
  });

  it('reads a decomposed (NFD) accent as its letter, not as a separator that splits the word', () => {
    // "lápiz" saved decomposed is "la" + U+0301 + "piz"; the mark is no Alphabetic character.
    expect(tokenizeWords('El lápiz, cuál'.normalize('NFD'))).toEqual(['el', 'lápiz', 'cuál']);
    expect(tokenizeWords('Über'.normalize('NFD'))).toEqual(tokenizeWords('Über'));
  });

  it('uses full Unicode lowercasing, including Greek final sigma', () => {
    expect(tokenizeWords('ΟΔΟΣ ΣΑΣ')).toEqual(['οδος', 'σας']);
    // İ lowercases to i + combining dot above (two code points), as in Rust.
    expect(tokenizeWords('İ')).toEqual(['i\u0307']);
  });

  it('keeps Alphabetic combining marks but splits on the Devanagari virama', () => {
    // Vowel signs (Mc/Mn with Other_Alphabetic) stay; U+094D VIRAMA is not Alphabetic.
    expect(tokenizeWords('नमस्ते दुनिया')).toEqual(['नमस', 'ते', 'दुनिया']);
  });

  it('keeps CJK runs as single tokens and splits on emoji', () => {
    expect(tokenizeWords('你好世界 ロボット😀robot')).toEqual(['你好世界', 'ロボット', 'robot']);
  });

  it('returns nothing for empty or separator-only input', () => {
    expect(tokenizeWords('')).toEqual([]);
    expect(tokenizeWords(' \r\n\t--__!!')).toEqual([]);
  });
});
