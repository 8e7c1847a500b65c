/** Formats timings as a `Server-Timing` header (`embed;dur=12.3, search;dur=4.1, total;dur=18`). */
export function serverTiming(timing: Record<string, number>): string {
  return Object.entries(timing)
    .filter(([name]) => name.endsWith('_ms'))
    .map(([name, ms]) => `${name.slice(0, -3)};dur=${ms}`)
    .join(', ');
}
