/**
 * The run specs and id slices of `bench:quality` (`--runs`, `--subset`), as search parameters and
 * a membership test.
 */

/** The baseline's run name: plain BM25 over 250-word windows (bm25-windows.ts), the bar to beat. */
export const BASELINE_RUN = 'bm25-windows';
/** Results fetched per question (MRR sees ranks up to this). */
export const DEPTH = 10;

/**
 * A run spec as search parameters: `MODE[:FUSION][+RERANK]`, `hybrid@W` for weighted hybrid
 * with semantic weight W and keyword weight 1 − W, and any search parameter after `?`
 * (`hybrid:rrf?rrf_k=10`, `default?semantic_weight=0.5`) — to compare settings on one book.
 */
export function runParams(run: string): Record<string, string> {
  const [head, query] = run.split('?');
  const extra = Object.fromEntries(new URLSearchParams(query ?? ''));
  if (head === 'default') return extra;
  return { ...specParams(head ?? ''), ...extra };
}

function specParams(run: string): Record<string, string> {
  const [spec, weight] = run.split('@');
  const [modePart, rerank] = (spec ?? '').split('+');
  const [mode, fusion] = (modePart ?? '').split(':');
  const weights: Record<string, string> = weight === undefined ? {} : { semantic_weight: weight, keyword_weight: String(1 - Number(weight)) };
  // Weights only mean something to weighted fusion: `hybrid@0.5` asks for it (RRF, the local default, ignores them).
  const fused = fusion ?? (weight === undefined ? undefined : 'weighted');
  return { mode: mode ?? run, ...(fused ? { fusion: fused } : {}), ...(rerank ? { rerank } : {}), ...weights };
}

/** Whether a query id is in a slice such as `d21..d36` (inclusive, compared by number). */
export function inSubset(id: string, subset: string): boolean {
  const [from, to] = subset.split('..');
  const num = (s: string | undefined) => Number(/(\d+)$/.exec(s ?? '')?.[1] ?? NaN);
  const prefix = (s: string | undefined) => (s ?? '').replace(/\d+$/, '');
  return prefix(id) === prefix(from) && num(id) >= num(from) && num(id) <= num(to);
}
