import { describe, expect, it } from 'vitest';
import { fakeEmbedding, fakeRelevance, fakeWords, fnv1a } from '../../support/fake-upstream/fake-embedding';
import { cosine } from './fake-client';

const norm = (v: number[]) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));

describe('fnv1a', () => {
  it('matches the published FNV-1a 32-bit test vectors', () => {
    // From the FNV reference test suite (Fowler/Noll/Vo).
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
  });
});

describe('fakeWords', () => {
  it('lowercases, splits on non-alphanumerics and strips a plural s', () => {
    expect(fakeWords('Robots, ROBOT-arms & glass; ROS 2')).toEqual(['robot', 'robot', 'arm', 'glass', 'ros', '2']);
  });
});

describe('fakeEmbedding', () => {
  it('is deterministic, of the asked dimension and unit length', () => {
    const a = fakeEmbedding('Nodes publish messages on topics', 1024);
    const b = fakeEmbedding('Nodes publish messages on topics', 1024);
    expect(a).toEqual(b);
    expect(a).toHaveLength(1024);
    expect(norm(a)).toBeCloseTo(1, 12);
    expect(fakeEmbedding('x', 384)).toHaveLength(384);
  });

  it('ignores case, punctuation and plural s', () => {
    expect(fakeEmbedding('Robots!', 256)).toEqual(fakeEmbedding('robot', 256));
  });

  it('gives cosine ≈ shared-word share for texts without collisions', () => {
    // Two words each, one shared: the sums share 4 of 8 ±1 slots → cosine 1/2 (barring collisions).
    expect(cosine(fakeEmbedding('alpha beta', 1536), fakeEmbedding('alpha gamma', 1536))).toBeCloseTo(0.5, 1);
    expect(Math.abs(cosine(fakeEmbedding('alpha beta', 1536), fakeEmbedding('delta gamma', 1536)))).toBeLessThan(0.2);
  });

  it('ranks documents by shared words', () => {
    const query = fakeEmbedding('how do ros2 nodes discover topics', 1024);
    const docs = [
      'Gazebo simulates sensors and physics',
      'ROS2 nodes discover each other and their topics through DDS',
      'Nodes can discover services too',
    ].map((d) => cosine(query, fakeEmbedding(d, 1024)));
    expect(docs[1]).toBeGreaterThan(docs[2] ?? 0);
    expect(docs[2]).toBeGreaterThan((docs[0] ?? 0) + 0.2);
  });

  it('still gives a stable unit vector for text without words', () => {
    expect(norm(fakeEmbedding('!!!', 8))).toBeCloseTo(1, 12);
    expect(fakeEmbedding('!!!', 8)).toEqual(fakeEmbedding('!!!', 8));
    expect(fakeEmbedding('!!!', 8)).not.toEqual(fakeEmbedding('???', 8));
  });

  it('rejects a dimension that is not a positive integer', () => {
    expect(() => fakeEmbedding('x', 0)).toThrow(RangeError);
    expect(() => fakeEmbedding('x', 1.5)).toThrow(RangeError);
  });
});

describe('fakeRelevance', () => {
  it('is the share of distinct query words found, in (0, 1]', () => {
    expect(fakeRelevance('ros nodes', 'Nodes in ROS')).toBe(1);
    // 1 of 2 query words: (1 + 0.01) / (2 + 0.01).
    expect(fakeRelevance('ros nodes', 'ROS launch files')).toBeCloseTo(1.01 / 2.01, 12);
    const none = fakeRelevance('ros nodes', 'Gazebo physics');
    expect(none).toBeGreaterThan(0);
    expect(none).toBeLessThan(0.01);
  });
});
