/**
 * Milliseconds as every timing field reports them: two decimals (a cached answer takes well under
 * a millisecond, so whole numbers would say 0).
 *
 * @example
 * roundMs(12.34567); // 12.35
 */
export function roundMs(ms: number): number {
  return Math.round(ms * 100) / 100;
}
