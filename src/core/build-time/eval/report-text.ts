/**
 * Plain-text renderings of validation reports for the terminal: one report in detail, or several
 * (modes, rerankers) side by side. Plain ASCII columns so the output survives logs and CI.
 */
import type { ReportSummary, ShortPages, ValidationReport } from './validation-report';

const num = (v: number | null, digits = 3): string => (v === null ? 'n/a' : v.toFixed(digits));
const pct = (v: number | null): string => (v === null ? 'n/a' : `${(v * 100).toFixed(1)}%`);
const ms = (v: number | null): string => (v === null ? 'n/a' : `${Math.round(v)}`);

function row(cells: readonly string[], widths: readonly number[]): string {
  return cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}~`;
}

/**
 * A readable report: one line per query (plus its top hits: `+` relevant, `#` relevant and under a
 * labelled section, `=` another chunk of a page already counted, `!` after the top-1 score = the
 * retriever flagged its answer as low confidence), then the summary (with passage figures when
 * queries name sections), then one PASS/FAIL line per criterion and the overall verdict.
 *
 * @example
 * console.log(formatReportText(summarizeRuns(runs)));
 */
export function formatReportText(report: ValidationReport): string {
  const widths = [10, 12, 4, 5, 5, 5, 5, 6, 5, 6, 6];
  const lines = [
    row(['id', 'category', 'pass', 'P@3', 'P@5', 'hit', 'RR', 'nDCG@5', 'top1', 'meta', 'ms', 'query'], widths),
  ];
  for (const q of report.queries) {
    const hit = q.expect_no_results ? (q.top.length === 0 ? 'none' : 'some') : q.hit_at_k ? `y@${q.k}` : `n@${q.k}`;
    lines.push(row([
      clip(q.id, 10), clip(q.category ?? '-', 12), q.pass ? 'PASS' : 'FAIL',
      num(q.p3, 2), num(q.p5, 2), hit, num(q.rr, 2), num(q.ndcg5, 3),
      `${num(q.top1_score, 2)}${q.low_confidence ? '!' : ''}`, pct(q.metadata.completeness), ms(q.latency_ms),
      clip(q.query, 60),
    ], widths));
    if (q.error !== undefined) lines.push(`    error: ${q.error}`);
    if (q.top.length > 0) {
      const hits = q.top.map((t) => `${t.rank}${t.passage ? '#' : t.duplicate ? '=' : t.relevant ? '+' : ' '} ${num(t.score, 2)} ${t.chapter ?? '-'} ${t.file_path ?? '-'}`);
      lines.push(`    top: ${hits.join(' | ')}`);
    }
    if (q.metadata.missing.length > 0) lines.push(`    missing metadata: ${q.metadata.missing.join(', ')}`);
  }

  const s = report.summary;
  lines.push(
    '',
    `Summary: ${s.queries} queries (${s.labelled} labelled, ${s.expect_no_results} expect_no_results): ` +
      `${s.passed} passed, ${s.failed} failed, ${s.errors} errors, ${s.low_confidence} low-confidence (!)`,
    `  mean P@3            ${num(s.mean_p3)}`,
    `  mean P@5            ${num(s.mean_p5)}`,
    `  MRR                 ${num(s.mrr)}`,
    `  mean nDCG@5         ${num(s.mean_ndcg5)}`,
    `  hit rate            ${num(s.hit_rate)} (labelled only: ${num(s.labelled_hit_rate)})`,
    ...(s.passages ? [`  passages            hit@1 ${num(s.passages.hit_at_1)} / hit@3 ${num(s.passages.hit_at_3)} / MRR ${num(s.passages.mrr)} (${s.passages.queries} queries name their sections)`] : []),
    `  top-1 score         ${s.top1_score ? `min ${num(s.top1_score.min)} / mean ${num(s.top1_score.mean)} / max ${num(s.top1_score.max)}` : 'n/a'}`,
    `  latency (ms)        ${s.latency_ms ? `p50 ${ms(s.latency_ms.p50)} / p95 ${ms(s.latency_ms.p95)}` : 'n/a'}`,
    `  metadata integrity  ${pct(s.metadata_integrity)} of ${s.results_checked} results complete`,
    '',
  );
  for (const c of report.criteria) {
    const verdict = c.actual === null ? 'SKIP' : c.pass ? 'PASS' : 'FAIL';
    lines.push(`${verdict}  ${c.label}: ${num(c.actual)} (required >= ${num(c.required)})`);
    if (c.short_pages) lines.push(...shortPagesNote(c.short_pages, c.actual ?? 0));
    else if (c.without_diversity) lines.push(...diversityNote(c.without_diversity, c.actual ?? 0, c.required));
  }
  lines.push(`RESULT: ${report.pass ? 'PASS' : 'FAIL'}`);
  return lines.join('\n');
}

/** Why a P@3 bar failed only because of short pages, and what to do (the `--min-p3` of `retrieve --validate`). */
function shortPagesNote(short: ShortPages, actual: number): string[] {
  const reachable = Math.floor(actual * 10) / 10;
  return [
    `      only because the pages are short: ${short.questions} of the ${short.labelled} labelled questions are labelled with pages`,
    '      of 3 chunks or fewer, and each found its page first. Such a page fills the top 3 only if all its chunks,',
    '      neighbours side by side, outrank every other page; page diversity gives a neighbour\'s place to another page.',
    `      Counted full, mean P@3 would be ${num(short.p3_if_full)}. Judge this book by hit rate, MRR and passages, or set`,
    `      a bar it can reach: --min-p3 ${reachable.toFixed(1)}`,
  ];
}

/**
 * Why a P@3 bar failed under page diversity: P@3 counts a question's chunks among the top three, and
 * the default gives a neighbour's place there to another page, so a question whose page comes first
 * often scores 2/3 however well it is answered. The same run with `diversity=none` tells whether
 * that is the cause, part of it, or none of it (diversity can also raise P@3, moving a second
 * labelled page into the top 3).
 */
function diversityNote(without: { mean_p3: number | null; hit_rate: number | null }, actual: number, required: number): string[] {
  const reachable = Math.floor(actual * 10) / 10;
  const p3 = without.mean_p3 ?? 0;
  const reached = `      with diversity=none the same questions reach mean P@3 ${num(without.mean_p3)} (hit rate ${num(without.hit_rate)}):`;
  // Diversity can also raise P@3 (a second labelled page moves into the top 3): then it is not the cause.
  if (p3 <= actual + 1e-9) return [reached, `      page diversity is not why. Set a bar this book reaches: --min-p3 ${reachable.toFixed(1)}`];
  const cause = p3 + 1e-9 >= required
    ? 'page diversity (the default) is why: it gives a neighbour\'s place in the top 3 to another page, by design.'
    : 'page diversity (the default) is part of why: it gives a neighbour\'s place in the top 3 to another page.';
  return [
    reached,
    `      ${cause}`,
    `      P@3 counts chunks, so a question whose page comes first can score 2/3. Judge this book by hit rate, MRR`,
    `      and passages, validate with --diversity none, or set a bar it can reach: --min-p3 ${reachable.toFixed(1)}`,
  ];
}

/**
 * `optional`: a row left out when no run has a value (passage figures need sections in the labels).
 * `better: null`: no best to star — the runs' top-1 scores are BM25, cosines or fused scores, and a
 * BM25 score of 25 is not better than a cosine of 0.7.
 */
type Metric = { label: string; value: (s: ReportSummary) => number | null; show: (v: number | null) => string; better: 'high' | 'low' | null; optional?: boolean };

const COMPARED: readonly Metric[] = [
  { label: 'mean P@3', value: (s) => s.mean_p3, show: num, better: 'high' },
  { label: 'mean P@5', value: (s) => s.mean_p5, show: num, better: 'high' },
  { label: 'MRR', value: (s) => s.mrr, show: num, better: 'high' },
  { label: 'mean nDCG@5', value: (s) => s.mean_ndcg5, show: num, better: 'high' },
  { label: 'hit rate', value: (s) => s.hit_rate, show: num, better: 'high' },
  { label: 'labelled hit rate', value: (s) => s.labelled_hit_rate, show: num, better: 'high' },
  { label: 'passage hit@1', optional: true, value: (s) => s.passages?.hit_at_1 ?? null, show: num, better: 'high' },
  { label: 'passage hit@3', optional: true, value: (s) => s.passages?.hit_at_3 ?? null, show: num, better: 'high' },
  { label: 'passage MRR', optional: true, value: (s) => s.passages?.mrr ?? null, show: num, better: 'high' },
  { label: 'top-1 score mean', value: (s) => s.top1_score?.mean ?? null, show: num, better: null },
  { label: 'latency p50 (ms)', value: (s) => s.latency_ms?.p50 ?? null, show: ms, better: 'low' },
  { label: 'latency p95 (ms)', value: (s) => s.latency_ms?.p95 ?? null, show: ms, better: 'low' },
  { label: 'metadata integrity', value: (s) => s.metadata_integrity, show: pct, better: 'high' },
];

/**
 * Side-by-side table of the summary metrics of several runs (e.g. dense vs hybrid vs hybrid +
 * rerank). `*` marks the best value of each row (ties all marked; not the top-1 scores, which differ
 * in scale between runs); the last rows give the
 * passed-query count and the verdict.
 *
 * @example
 * console.log(compareReports([{ name: 'dense', report: a }, { name: 'hybrid', report: b }]));
 */
export function compareReports(named: readonly { name: string; report: ValidationReport }[]): string {
  const header = ['metric', ...named.map((n) => n.name)];
  const shown = COMPARED.filter((m) => !m.optional || named.some((n) => m.value(n.report.summary) !== null));
  const body: string[][] = shown.map((m) => {
    const values = named.map((n) => m.value(n.report.summary));
    const present = values.filter((v): v is number => v !== null);
    const best = present.length < 2 || m.better === null ? null : m.better === 'high' ? Math.max(...present) : Math.min(...present);
    return [m.label, ...values.map((v) => `${m.show(v)}${v !== null && best !== null && Math.abs(v - best) < 1e-9 ? '*' : ''}`)];
  });
  body.push(['passed', ...named.map((n) => `${n.report.summary.passed}/${n.report.summary.queries}`)]);
  body.push(['verdict', ...named.map((n) => (n.report.pass ? 'PASS' : 'FAIL'))]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? '').length)));
  return [row(header, widths), ...body.map((r) => row(r, widths))].join('\n');
}
