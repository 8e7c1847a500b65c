/**
 * Hex SHA-256 of a string (WebCrypto: runs in Workers and Node alike). Cache keys are digests so
 * inputs of any length fit KV's 512-byte keys and no query text lands in a key name.
 */

/**
 * Hex digest of `text`'s UTF-8 bytes, optionally cut to `bytes` bytes.
 *
 * @example
 * await sha256Hex('abc'); // 'ba7816bf…'
 */
export async function sha256Hex(text: string, bytes = 32): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].slice(0, bytes).map((b) => b.toString(16).padStart(2, '0')).join('');
}
