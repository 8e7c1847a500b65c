/**
 * "What does X stand for" finds the chunk that spells X out ("Pilots learn it as **CIGAR**:
 * Controls, Instruments, …"), not the page intro that names X among other abbreviations, through
 * the real ingest (`defines`) and search (the definition prior in the store). A small book written
 * here: its intro lists the abbreviations beside the book's subject words, as a preface does.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectChunks } from '../../../src/cli/ingest/collect-chunks';
import { createProgress } from '../../../src/cli/ingest/progress';
import { ingestLocal } from '../../../src/cli/ingest/target-local';
import { inProcessSearcher } from '../../../src/cli/retrieve/run-query';

const PAGES: Record<string, string> = {
  'intro.md': `---
slug: /
---
# Flying a light aircraft

This book takes a student pilot from the first lesson to the first solo flight. Each chapter ends
with the checks an instructor expects a student pilot to know, and the glossary explains the
abbreviations instructors use without thinking: CIGAR, ATIS, QNH, HASELL and the rest.
`,
  'checks.md': `# Checks before flight

## Before take-off

At the holding point, stop with the aircraft into wind and set the parking brake. Instructors teach
the pre-take-off check as **CIGAR**: Controls, Instruments, Gas, Attitude, Runup. Move the control
column fully in every direction, set the altimeter, select the fuller tank, set the trim and the
flaps, and run the engine up to check each magneto.

## Lining up

Once the check is done, tell the tower you are ready, look both ways along the final approach and
line up on the centreline with the nose wheel straight.
`,
  'weather.md': `# Weather and the radio

## Before you call

Listen to the airfield's recorded weather before the first call: wind, visibility, cloud, the
temperature and the pressure setting the tower expects you to set on the altimeter. Each recording
has a letter; give the letter in the first call so the controller knows you have the latest one.

## Stalls and steep turns

Before any stall or steep turn, check height, the aircraft's configuration, security of loose
items, the engine's temperatures and pressures, the location away from towns, and a good lookout.
`,
};

const MODES = [{}, { mode: 'keyword' }, { mode: 'semantic' }] as const;

describe('"what does X stand for": the chunk that spells X out, not the intro that lists it', () => {
  let dir = '';
  let searcher: ReturnType<typeof inProcessSearcher>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'spelled-abbreviation-'));
    const docs = join(dir, 'docs');
    mkdirSync(docs);
    for (const [name, text] of Object.entries(PAGES)) writeFileSync(join(docs, name), text);
    const book = await collectChunks(docs, { baseUrl: '', routeBasePath: '/docs' });
    const path = join(dir, 'index.bin');
    await ingestLocal(book.chunks, { out: path, collection: 'pilot', embedder: 'lsa', dims: 32, dryRun: false, recreate: true, config: null }, createProgress(false));
    searcher = inProcessSearcher({ env: { QDRANT_COLLECTION: 'pilot' }, indexPath: path });
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each(MODES)('%o: "what does CIGAR stand for" → the pre-take-off check first', async (mode) => {
    const doc = await searcher.search({ q: 'what does CIGAR stand for', k: 3, ...mode } as never);
    const top = doc.results[0];
    expect((top?.metadata as { file_path?: string } | undefined)?.file_path).toBe('checks.md');
    expect(top?.content).toContain('Controls, Instruments, Gas, Attitude, Runup');
  });
});
