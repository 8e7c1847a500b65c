import { describe, expect, it } from 'vitest';
import { decodeDocBytes } from '../../../../src/core/build-time/ingest/decode-text';

const utf16 = (text: string, bigEndian: boolean): Uint8Array => {
  const bytes = [bigEndian ? 0xfe : 0xff, bigEndian ? 0xff : 0xfe];
  for (const c of text) {
    const code = c.charCodeAt(0);
    bytes.push(...(bigEndian ? [code >> 8, code & 0xff] : [code & 0xff, code >> 8]));
  }
  return Uint8Array.from(bytes);
};

describe('decodeDocBytes', () => {
  it('reads UTF-8, dropping a byte-order mark', () => {
    expect(decodeDocBytes(Uint8Array.from([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('# Hi')]))).toEqual({ ok: true, text: '# Hi' });
  });

  it('says UTF-16 text is text to save as UTF-8, not a binary file', () => {
    for (const bigEndian of [false, true]) {
      expect(decodeDocBytes(utf16('# Hi', bigEndian))).toEqual({ ok: false, code: 'invalid_utf8', reason: 'UTF-16 text: save it as UTF-8 to ingest it' });
    }
  });

  it('still calls a file with NUL bytes binary, and invalid UTF-8 not UTF-8', () => {
    expect(decodeDocBytes(Uint8Array.from([0x89, 0x50, 0x00, 0x01]))).toMatchObject({ ok: false, code: 'binary' });
    expect(decodeDocBytes(Uint8Array.from([0x63, 0x61, 0x66, 0xe9]))).toMatchObject({ ok: false, code: 'invalid_utf8', reason: 'not valid UTF-8 text' });
  });
});
