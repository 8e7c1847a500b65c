import { describe, expect, it } from 'vitest';
import { tokenizeWords } from '../../../../src/core/common/bm25/tokenize';

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
    // µ (U+00B5) is a letter; ± and ° are symbols and split.
    expect(tokenizeWords('Café naïve µm ±5°C')).toEqual(['café', 'naïve', 'µm', '5', 'c']);
  });

  it('keeps other-numeric and letter-numeric characters (No, Nl)', () => {
    // ² is No, Ⅻ is Nl (lowercases to ⅻ), ٣ is Arabic-Indic digit three (Nd).
    expect(tokenizeWords('x² Ⅻ ٣')).toEqual(['x²', 'ⅻ', '٣']);
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
