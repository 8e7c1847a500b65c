import type { SkipCode } from './types';

/** Text decoded from a file's bytes, or why it is not a text file. */
export type DecodeResult = { ok: true; text: string } | { ok: false; code: SkipCode; reason: string };

/**
 * Decode a markdown file's bytes as strict UTF-8. A NUL byte means a binary file (images, PDFs,
 * editor swap files renamed `.md`); invalid UTF-8 is refused rather than silently turned into
 * U+FFFD, which would corrupt the stored text. A leading BOM is dropped.
 *
 * @example
 * decodeDocBytes(new TextEncoder().encode('# Hi')); // { ok: true, text: '# Hi' }
 */
export function decodeDocBytes(bytes: Uint8Array): DecodeResult {
  // UTF-16 text (a Windows editor's "Unicode") is full of NUL bytes too, but it is text: say what to do.
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    return { ok: false, code: 'invalid_utf8', reason: 'UTF-16 text: save it as UTF-8 to ingest it' };
  }
  if (bytes.includes(0)) return { ok: false, code: 'binary', reason: 'binary file (contains NUL bytes)' };
  try {
    // `fatal` throws on malformed sequences; the BOM is stripped by default (ignoreBOM: false).
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return { ok: true, text };
  } catch {
    return { ok: false, code: 'invalid_utf8', reason: 'not valid UTF-8 text' };
  }
}
