/**
 * Deterministic ids and hashes (WebCrypto only, so the same code runs in Workers and Node).
 * Point ids are UUID v5 (RFC 4122 §4.3: SHA-1 of namespace + name): re-ingesting the same file
 * overwrites the same Qdrant points instead of duplicating them.
 */

/** Namespace of this project's chunk ids (a fixed random UUID; changing it re-keys every point). */
export const CHUNK_ID_NAMESPACE = '3f0b6c1e-8a52-4d7e-9b1c-6e2f4a9d0c57';

const encoder = new TextEncoder();

function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

function uuidBytes(uuid: string): Uint8Array {
  const hex = uuid.replace(/-/g, '');
  if (!/^[0-9a-fA-F]{32}$/.test(hex)) throw new TypeError(`not a UUID: ${uuid}`);
  const out = new Uint8Array(16);
  for (let i = 0; i < 16; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/**
 * RFC 4122 version-5 UUID of `name` in `namespace`.
 *
 * @example
 * await uuidV5('python.org', '6ba7b810-9dad-11d1-80b4-00c04fd430c8'); // '886313e1-3b8a-5372-9b90-0c9aee199e5d'
 */
export async function uuidV5(name: string, namespace: string): Promise<string> {
  const ns = uuidBytes(namespace);
  const nameBytes = encoder.encode(name);
  const input = new Uint8Array(ns.length + nameBytes.length);
  input.set(ns, 0);
  input.set(nameBytes, ns.length);
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-1', input)).slice(0, 16);
  hash[6] = (hash[6]! & 0x0f) | 0x50; // version 5
  hash[8] = (hash[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = toHex(hash);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The Qdrant point id of chunk `chunkIndex` of `filePath` (forward-slash path relative to the
 * docs dir): UUID v5 of `${filePath}#${chunkIndex}` in `CHUNK_ID_NAMESPACE`.
 *
 * @example
 * await pointIdFor('01-ros2/index.md', 0); // same string on every run and every machine
 */
export function pointIdFor(filePath: string, chunkIndex: number): Promise<string> {
  return uuidV5(`${filePath}#${chunkIndex}`, CHUNK_ID_NAMESPACE);
}

/**
 * Lower-case hex SHA-256 of the UTF-8 bytes of `text`.
 *
 * @example
 * await sha256Hex('abc'); // 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'
 */
export async function sha256Hex(text: string): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text))));
}
