/**
 * Captures what the Worker writes to the console during tests, so tests can assert on the
 * structured log lines (and that no secret reaches them) and passing runs print nothing.
 */
import type { vi as Vi } from 'vitest';

const lines: { level: string; text: string }[] = [];

/** Replaces console.log/info/warn/error with a recorder (once per test file). */
export function captureConsole(vi: typeof Vi): void {
  for (const level of ['log', 'info', 'warn', 'error'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      lines.push({ level, text: args.map((a) => (typeof a === 'string' ? a : a instanceof Error ? `${a.name}: ${a.message}\n${a.stack}` : JSON.stringify(a))).join(' ') });
    });
  }
}

/** Everything written since the last `clearLogs()`, one entry per console call. */
export function logText(): string[] {
  return lines.map((line) => line.text);
}

/** The structured request log lines (JSON objects with `message: "request"`). */
export function requestLogs(): Record<string, any>[] {
  return lines.flatMap((line) => {
    try {
      const parsed = JSON.parse(line.text) as Record<string, any>;
      return parsed && parsed.message === 'request' ? [parsed] : [];
    } catch {
      return [];
    }
  });
}

/** Forgets captured lines. */
export function clearLogs(): void {
  lines.length = 0;
}
