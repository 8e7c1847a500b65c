/**
 * Plain-text tables for the quality benchmarks: columns padded to their widest cell, two spaces
 * apart, so figures line up in a terminal and in CI logs.
 */

/**
 * The header line and one line per row.
 *
 * @example
 * textTable(['run', 'MRR'], [['default', '0.781']]); // ['run      MRR', 'default  0.781']
 */
export function textTable(header: readonly string[], body: readonly (readonly string[])[]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] ?? '').length)));
  const line = (cells: readonly string[]): string => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  return [line(header), ...body.map(line)];
}
