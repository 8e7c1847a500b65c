import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CHUNK_ID_NAMESPACE, pointIdFor, sha256Hex, uuidV5 } from '../../../src/core/common/point-id';

const UUID_V5 = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('uuidV5', () => {
  it('matches the RFC 4122 v5 example from the Python uuid docs', async () => {
    // uuid.uuid5(uuid.NAMESPACE_DNS, 'python.org')
    expect(await uuidV5('python.org', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe('886313e1-3b8a-5372-9b90-0c9aee199e5d');
  });

  it('agrees with a SHA-1 computed by node:crypto', async () => {
    const name = '01-ros2/index.md#3';
    const ns = Buffer.from(CHUNK_ID_NAMESPACE.replace(/-/g, ''), 'hex');
    const h = createHash('sha1').update(Buffer.concat([ns, Buffer.from(name, 'utf8')])).digest();
    h[6] = (h[6]! & 0x0f) | 0x50;
    h[8] = (h[8]! & 0x3f) | 0x80;
    const hex = h.subarray(0, 16).toString('hex');
    const expected = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    expect(await pointIdFor('01-ros2/index.md', 3)).toBe(expected);
  });
});

describe('pointIdFor', () => {
  it('is a deterministic, valid v5 UUID that changes with path and index', async () => {
    const a = await pointIdFor('a/b.md', 0);
    expect(a).toMatch(UUID_V5);
    expect(await pointIdFor('a/b.md', 0)).toBe(a);
    expect(await pointIdFor('a/b.md', 1)).not.toBe(a);
    expect(await pointIdFor('a/c.md', 0)).not.toBe(a);
  });
});

describe('sha256Hex', () => {
  it('matches the FIPS 180-2 "abc" vector and node:crypto on UTF-8 text', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const text = 'Füße — 中文 ✓';
    expect(await sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
  });
});
