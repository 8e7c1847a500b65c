import { describe, expect, it } from 'vitest';
import { DEFAULT_PAYLOAD_FIELDS, parsePayloadFields } from '../../../../src/core/common/config/payload-fields';
import { payloadFilePath, pointChunkIndex, pointPage, sourceKey } from '../../../../src/core/query/search/result-fields';

describe('pointPage / pointChunkIndex: a store point read through the payload field map', () => {
  it('takes the file path first, else the source URL under any of its aliases, without the #fragment', () => {
    expect(pointPage({ file_path: 'a.md', url: 'https://b/x#one' }, DEFAULT_PAYLOAD_FIELDS)).toBe('a.md');
    expect(pointPage({ path: 'c.md' }, DEFAULT_PAYLOAD_FIELDS)).toBe('c.md');
    expect(pointPage({ url: 'https://b/x#one' }, DEFAULT_PAYLOAD_FIELDS)).toBe('https://b/x');
    expect(pointPage({ source_url: 'https://b/y#two' }, DEFAULT_PAYLOAD_FIELDS)).toBe('https://b/y');
    expect(pointPage({ link: 'https://b/z#3' }, DEFAULT_PAYLOAD_FIELDS)).toBeUndefined();
    expect(pointPage({ link: 'https://b/z#3' }, parsePayloadFields('source_url=link'))).toBe('https://b/z');
    expect(pointPage({ url: '  ' }, DEFAULT_PAYLOAD_FIELDS)).toBeUndefined();
  });

  it('reads the chunk index the result shows: the first key present, when an integer ≥ 0', () => {
    expect(pointChunkIndex({ chunk_index: 2, position: 9 }, DEFAULT_PAYLOAD_FIELDS)).toBe(2);
    expect(pointChunkIndex({ position: 4 }, DEFAULT_PAYLOAD_FIELDS)).toBe(4);
    expect(pointChunkIndex({ seq: 5 }, parsePayloadFields('chunk_index=seq'))).toBe(5);
    expect(pointChunkIndex({ chunk_index: '2' }, DEFAULT_PAYLOAD_FIELDS)).toBeUndefined();
    expect(pointChunkIndex({ position: 1.5 }, DEFAULT_PAYLOAD_FIELDS)).toBeUndefined();
    expect(pointChunkIndex({}, DEFAULT_PAYLOAD_FIELDS)).toBeUndefined();
  });

  it('agrees with sourceKey on what a mapped result shows', () => {
    const payload = { url: 'https://b/x#one', position: 1 };
    expect(pointPage(payload, DEFAULT_PAYLOAD_FIELDS)).toBe(sourceKey({ score: 1, source_url: payload.url }));
    expect(payloadFilePath({ file_path: '' })).toBeUndefined();
  });
});
