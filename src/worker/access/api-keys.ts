/**
 * API key checking. Keys are compared as SHA-256 digests in constant time: the time taken does
 * not depend on how many leading characters of a guess are right, nor on which configured key it
 * resembles. API_KEYS may hold the digests themselves (`sha256:<hex>`), so a leaked configuration
 * does not leak usable keys.
 */

/** What a request presented: a key, or nothing. */
export type PresentedKey = { kind: 'key'; key: string } | { kind: 'none' };

/** The configured keys as digests, computed once per configuration. */
export type Keyring = readonly Uint8Array[];

const keyrings = new WeakMap<readonly string[], Promise<Keyring>>();

/**
 * Digests of the configured entries (raw keys are hashed here, `sha256:` entries decoded).
 *
 * @example
 * const ring = await keyringFor(config.apiKeys);
 */
export function keyringFor(entries: readonly string[]): Promise<Keyring> {
  let ring = keyrings.get(entries);
  if (!ring) {
    ring = Promise.all(entries.map((entry) => (/^sha256:/i.test(entry) ? Promise.resolve(fromHex(entry.slice(7))) : sha256(entry))));
    keyrings.set(entries, ring);
  }
  return ring;
}

/**
 * The token of `Authorization: Bearer <token>` (scheme case-insensitive, one token), else undefined:
 * the one reading of that header for API keys and the admin key alike.
 *
 * @example
 * bearerToken(new Headers({ authorization: 'bearer k' })); // 'k'
 */
export function bearerToken(headers: Headers): string | undefined {
  return /^\s*bearer\s+(\S+)\s*$/i.exec(headers.get('authorization') ?? '')?.[1];
}

/**
 * The key in `Authorization: Bearer …` or `X-API-Key` (Bearer wins when both are present).
 *
 * @example
 * presentedKey(new Headers({ 'x-api-key': 'k' })); // { kind: 'key', key: 'k' }
 */
export function presentedKey(headers: Headers): PresentedKey {
  const key = bearerToken(headers) ?? headers.get('x-api-key')?.trim();
  return key ? { kind: 'key', key } : { kind: 'none' };
}

/**
 * The digest of `key` when it matches a configured entry, else null. Every entry is compared,
 * whatever matched first, and each comparison looks at every byte.
 */
export async function matchKey(key: string, ring: Keyring): Promise<Uint8Array | null> {
  const digest = await sha256(key);
  let matched = false;
  for (const candidate of ring) matched = constantTimeEqual(digest, candidate) || matched;
  return matched ? digest : null;
}

/** A short, non-secret name for a key in logs and rate-limit buckets: 16 hex digits of its digest. */
export function keyId(digest: Uint8Array): string {
  return toHex(digest).slice(0, 16);
}

/** SHA-256 of a UTF-8 string. */
export async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

function fromHex(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
