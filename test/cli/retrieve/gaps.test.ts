/**
 * `retrieve --gaps FILE`: the readers' words the book never uses, from plain questions or the
 * Worker's request log lines, against the tests' embedded index of the sample book.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionsFrom } from '../../../src/cli/retrieve/gaps-command';
import { startFakeUpstream } from '../../support/fake-upstream';
import { MINI_BOOK, runCli, tenant } from '../ingest/ingest-harness';
import { retrieve } from './support';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gaps-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('questionsFrom', () => {
  it('reads plain lines, request log lines and wrangler tail records, and counts log lines without a question', () => {
    const tail = JSON.stringify({ outcome: 'ok', logs: [{ level: 'log', message: [JSON.stringify({ message: 'request', query: 'rename my robot' })] }] });
    const text = ['what is a topic', '', '{"message":"request","query":"pizza in Naples","status":200}', tail, '{"message":"request","status":200}', '{not json'].join('\n');
    expect(questionsFrom(text)).toEqual({ questions: ['what is a topic', 'pizza in Naples', 'rename my robot', '{not json'], logLinesWithout: 1 });
  });

  it('reads a query set (an array of { query }, or { queries: [...] }) as its questions', () => {
    const items = [{ id: 'q1', query: 'what is a topic', expected_files: ['a.md'] }, { id: 'q2', query: 'pizza' }];
    expect(questionsFrom(JSON.stringify(items, null, 2)).questions).toEqual(['what is a topic', 'pizza']);
    expect(questionsFrom(JSON.stringify({ name: 'set', queries: items }, null, 2)).questions).toEqual(['what is a topic', 'pizza']);
    // One request log line alone is a log, not a query set.
    expect(questionsFrom('{"message":"request","query":"cron"}')).toEqual({ questions: ['cron'], logLinesWithout: 0 });
  });
});

describe('retrieve --gaps', () => {
  it('lists the words the book never uses, most used first, with examples and off-topic counts', async () => {
    const questions = file('questions.txt', ['how do I wiggle the robot arm', 'wiggle the arm joints', 'best pizza recipe in Naples', 'What is a ROS 2 topic?'].join('\n'));
    const run = await retrieve(['--gaps', questions]);
    expect(run.code, run.err).toBe(0);
    expect(run.out).toMatch(/^3 of 4 questions use a word the book never does; the term rule judged 1 of them off-topic\./);
    const rows = run.out.split('\n').filter((line) => /^\s+\d+\s+\d+\s+\S/.test(line));
    expect(rows[0]).toMatch(/^\s+2\s+0\s+wiggle\s+e\.g\. "how do I wiggle the robot arm" · "wiggle the arm joints"$/);
    expect(rows.map((row) => row.trim().split(/\s+/)[2])).toEqual(expect.arrayContaining(['pizza', 'naples']));
    expect(rows.some((row) => /\btopic\b/.test(row.trim().split(/\s+/)[2]!))).toBe(false);
  });

  it('reads the Worker\'s request log lines and prints JSON with every word', async () => {
    const log = file('log.jsonl', ['{"message":"request","query":"wiggle the arm","status":200}', '{"message":"request","query":"wiggle it again","status":200}'].join('\n'));
    const run = await retrieve(['--gaps', log, '--json']);
    expect(run.code, run.err).toBe(0);
    const report = JSON.parse(run.out) as { questions: number; withGaps: number; words: { word: string; questions: number }[] };
    expect(report).toMatchObject({ questions: 2, withGaps: 2 });
    expect(report.words[0]).toMatchObject({ word: 'wiggle', questions: 2 });
  });

  it('says the log has no questions when LOG_QUERIES was off (exit 2), and names a missing file', async () => {
    const noQueries = await retrieve(['--gaps', file('quiet.jsonl', '{"message":"request","status":200}\n')]);
    expect(noQueries.code).toBe(2);
    expect(noQueries.err).toMatch(/1 log line\(s\) and no question in them/);
    expect(noQueries.err).toMatch(/LOG_QUERIES=true/);
    const missing = await retrieve(['--gaps', join(dir, 'nope.txt')]);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/cannot read the questions file .*nope\.txt: ENOENT/);
    expect(missing.err).not.toMatch(/check your configuration/);
    // A .json file that is neither one JSON document nor JSON lines is broken, not one question.
    const broken = await retrieve(['--gaps', file('broken.json', '[{"query": "rename my computer",}]\n')]);
    expect(broken.code).toBe(2);
    expect(broken.err).toMatch(/broken\.json is not valid JSON/);
  });
});

describe('retrieve --gaps against Qdrant (the loopback fake)', () => {
  it('reads the vocabulary ingest recorded in the collection, and says when a collection has none', async () => {
    const fake = await startFakeUpstream();
    try {
      const t = tenant(fake.url, 'gaps');
      const ingest = await runCli([MINI_BOOK, '--target', 'qdrant', '--collection', 'mini', '--quiet'], t.env);
      expect(ingest.code, ingest.err).toBe(0);
      const env = { ...t.env, QDRANT_COLLECTION: 'mini' };
      const questions = file('mini.txt', 'how do I filter lidar point clouds\nwiggle the lidar\n');
      const before = (await t.calls()).length;
      const run = await retrieve(['--gaps', questions, '--json'], env);
      expect(run.code, run.err).toBe(0);
      const report = JSON.parse(run.out) as { collection: string; questions: number; words: { word: string }[] };
      expect(report).toMatchObject({ collection: 'mini', questions: 2 });
      expect(report.words.map((gap) => gap.word)).toEqual(['wiggle']);
      // One collection read, no search and no embedding.
      const calls = (await t.calls()).slice(before);
      expect(calls.map((c) => `${c.service} ${c.method} ${c.path}`)).toEqual([expect.stringMatching(/^qdrant GET \/collections\/mini$/)]);

      const missing = await retrieve(['--gaps', questions], { ...t.env, QDRANT_COLLECTION: 'nope' });
      expect(missing.code).toBe(2);
      expect(missing.err).toMatch(/nope/);

      // A collection made without ingest (or before ingest recorded the vocabulary).
      const made = await t.qdrant('PUT', '/collections/bare', { vectors: { dense: { size: 4, distance: 'Cosine' } } });
      expect(made.status).toBe(200);
      const bare = await retrieve(['--gaps', questions], { ...t.env, QDRANT_COLLECTION: 'bare' });
      expect(bare.code).toBe(2);
      expect(bare.err).toMatch(/The collection bare records no vocabulary/);
      expect(bare.err).toMatch(/npm run ingest/);
    } finally {
      await fake.close();
    }
  });
});
