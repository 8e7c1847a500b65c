import { describe, expect, it } from 'vitest';
import { parseQuerySet } from '../../../../src/core/build-time/eval/query-set';
import { inLabelledSection, passageRank, resultHeadings } from '../../../../src/core/build-time/eval/passages';
import { compareReports, formatReportText } from '../../../../src/core/build-time/eval/report-text';
import { summarizeRuns, type QueryRun } from '../../../../src/core/build-time/eval/summarize';
import type { EvalResult } from '../../../../src/core/build-time/eval/relevance';

const FULL = { content: 'c', source_url: 'https://b.dev/p', section: 's', title: 't', chunk_index: 0, chapter: 'qos' };
const chunk = (file: string, trail: string[], score = 0.5): EvalResult => ({ score, payload: { ...FULL, file_path: file, heading_trail: trail } });

const intro = chunk('qos.md', ['Quality of Service']);
const durability = chunk('qos.md', ['Quality of Service', 'The QoS policies', 'Durability']);
const reliability = chunk('qos.md', ['Quality of Service', 'The QoS policies', '`Reliability`']);
const otherPage = chunk('topics.md', ['Topics', 'Reliability']);
const LABELS = { file_paths: ['qos.md'], sections: ['reliability'] };

describe('passage judgement', () => {
  it('a result is a passage hit only on a labelled page AND under a labelled heading (any level of its trail)', () => {
    expect(inLabelledSection(reliability, LABELS)).toBe(true);
    expect(inLabelledSection(durability, LABELS)).toBe(false);
    expect(inLabelledSection(intro, LABELS)).toBe(false);
    // Same heading on another page: not the answer.
    expect(inLabelledSection(otherPage, LABELS)).toBe(false);
    // A parent heading names every chunk below it.
    expect(inLabelledSection(durability, { file_paths: ['qos.md'], sections: ['The QoS policies'] })).toBe(true);
    // A label copied from the markdown source keeps its backslash escapes; the heading as read has none.
    const malformed = chunk('qos.md', ['Quality of Service', '[Malformed Packet]', 'TCP Dup ACK <frame>#<n>']);
    expect(inLabelledSection(malformed, { file_paths: ['qos.md'], sections: ['\\[Malformed Packet\\]'] })).toBe(true);
    expect(inLabelledSection(malformed, { file_paths: ['qos.md'], sections: ['TCP Dup ACK *\\<frame\\>*\\#*\\<n\\>*'] })).toBe(true);
    // No sections named: no passage verdict at all.
    expect(inLabelledSection(reliability, { file_paths: ['qos.md'] })).toBe(false);
  });

  it('reads heading_trail, else headings, else section (payloads of older collections)', () => {
    expect(resultHeadings({ score: 1, payload: { headings: ['A', 'B'] } })).toEqual(['A', 'B']);
    expect(resultHeadings({ score: 1, section: 'Only this' })).toEqual(['Only this']);
    expect(resultHeadings({ score: 1, payload: { heading_trail: [] , section: 'S' } })).toEqual(['S']);
    expect(resultHeadings({ score: 1 })).toEqual([]);
  });

  it('passageRank is the first passage hit, which may come after the page hit', () => {
    expect(passageRank([intro, durability, reliability], LABELS)).toBe(3);
    expect(passageRank([intro, durability], LABELS)).toBeNull();
  });
});

describe('sections in a query set', () => {
  it('are kept beside the page labels', () => {
    const [item] = parseQuerySet([{ query: 'q', expected: { file_paths: ['qos.md'], sections: [' Reliability '] } }]);
    expect(item!.expected).toEqual({ file_paths: ['qos.md'], sections: ['Reliability'] });
  });

  it('need page labels: a heading alone names no page', () => {
    expect(() => parseQuerySet([{ query: 'q', expected: { sections: ['Reliability'] } }])).toThrow(/`expected.sections`: sections name headings within the labelled pages/);
    expect(() => parseQuerySet([{ query: 'q', expected: { chapters: ['qos'], sections: ['Reliability'] } }])).toThrow(/give `file_paths`/);
    expect(parseQuerySet([{ query: 'q', expected_files: ['qos.md'], expected: { sections: ['Reliability'] } }])[0]!.expected).toEqual({ file_paths: ['qos.md'], sections: ['Reliability'] });
  });
});

describe('passage figures in the validation report', () => {
  const items = parseQuerySet([
    { id: 'p1', query: 'reliability?', expected: { file_paths: ['qos.md'], sections: ['Reliability'] } },
    { id: 'p2', query: 'durability?', expected: { file_paths: ['qos.md'], sections: ['Durability'] } },
    { id: 'p3', query: 'topics?', expected: { file_paths: ['topics.md'] } },
  ]);
  // p1: page at 1, passage at 2; p2: page at 1, passage not returned; p3 names no sections.
  const runs: QueryRun[] = [
    { item: items[0]!, results: [intro, reliability], latencyMs: 1 },
    { item: items[1]!, results: [intro, reliability], latencyMs: 1 },
    { item: items[2]!, results: [otherPage], latencyMs: 1 },
  ];

  it('summarises hit@1, hit@3 and MRR over the queries that name sections, beside unchanged page figures', () => {
    const report = summarizeRuns(runs);
    expect(report.queries.map((q) => q.passage_rank)).toEqual([2, null, undefined]);
    expect(report.summary.passages).toEqual({ queries: 2, hit_at_1: 0, hit_at_3: 0.5, mrr: 0.25 });
    expect(report.summary.mrr).toBe(1);
    expect(report.queries[0]!.top.map((t) => t.passage)).toEqual([false, true]);
  });

  it('prints them (and marks passage hits with #); a set without sections prints no passage rows', () => {
    const text = formatReportText(summarizeRuns(runs));
    expect(text).toContain('passages            hit@1 0.000 / hit@3 0.500 / MRR 0.250 (2 queries name their sections)');
    expect(text).toContain('top: 1+ 0.50 qos qos.md | 2# 0.50 qos qos.md');
    const table = compareReports([{ name: 'a', report: summarizeRuns(runs) }, { name: 'b', report: summarizeRuns(runs.slice(2)) }]);
    expect(table.split('\n').find((l) => l.startsWith('passage MRR'))).toMatch(/0\.250\s+n\/a$/);
    const without = compareReports([{ name: 'b', report: summarizeRuns(runs.slice(2)) }]);
    expect(without).not.toContain('passage');
    expect(summarizeRuns(runs.slice(2)).summary.passages).toBeNull();
  });
});
