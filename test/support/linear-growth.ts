/**
 * Whether a function's time grows linearly with its input, measured against itself in the same run.
 * A wall-clock limit ("under 1.5 s") broke when CI's two cores ran test files side by side; a ratio
 * of two timings taken moments apart still fails by a wide margin when the work turns quadratic (8×
 * the input costs 64×, not 8×). The timings are the process's CPU time, not the wall clock: on two
 * cores shared by a dozen processes a call of 100 ms was descheduled far more often than one of 10 ms,
 * and the wall-clock ratio of a linear call ranged from 4× to 37× (the run-in head test failed); its
 * CPU-time ratio stayed at 8× to 10×. (vitest runs each test file in a process of its own.)
 */
import { expect } from 'vitest';

/** How much larger the second input is than the first. */
const GROWTH = 8;
/**
 * The most the time may grow for GROWTH× the input: linear is 8×, n log n ~9×, quadratic 64×. The
 * room above 8× is for the collector, whose pauses grow with the strings a large input makes.
 */
const MOST = 32;
/** Each timing repeats its call until this many milliseconds of CPU time have passed, so a fast call still reads. */
const FILL_MS = 25;

/** Milliseconds of CPU time this process has used (user and system), which time spent descheduled does not add to. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** The mean CPU milliseconds of one call, over enough calls to fill FILL_MS; the least of five such means (a GC pause only ever adds time). */
function settledMs(call: () => unknown): number {
  let best = Infinity;
  for (let round = 0; round < 5; round++) {
    let calls = 0;
    const started = cpuMs();
    let elapsed = 0;
    do {
      call();
      calls++;
      elapsed = cpuMs() - started;
    } while (elapsed < FILL_MS);
    best = Math.min(best, elapsed / calls);
  }
  return best;
}

/**
 * Asserts that the work `prepare(n)` returns grows about linearly with n: the call for 8n takes
 * under 32× the call for n. `prepare` builds the input outside the timing and returns the call.
 * @example expectLinearGrowth((n) => { const text = 'a. '.repeat(n); return () => split(text); }, 2_000);
 */
export function expectLinearGrowth(prepare: (n: number) => () => unknown, n: number): void {
  const small = prepare(n);
  const large = prepare(n * GROWTH);
  small(); // the first call compiles; neither timing should pay for it
  large();
  const ratio = settledMs(large) / settledMs(small);
  expect(ratio, `time for ${GROWTH}× the input grew ${ratio.toFixed(1)}×`).toBeLessThan(MOST);
}
