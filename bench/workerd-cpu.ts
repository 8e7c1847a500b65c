/**
 * CPU time of the workerd processes Miniflare starts, read from Linux's /proc: what a request costs
 * the runtime in CPU, not in wall time (which on this shared 2-core box includes waiting for a core).
 * Workers bills and limits CPU time (Workers Free: 10 ms a request), so this is the figure to hold
 * against the plans. Linux only; elsewhere the bench says it cannot read it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** Whether this machine exposes per-thread CPU time (`/proc/self/task/<id>/schedstat`). */
export function canReadCpu(): boolean {
  return existsSync(`/proc/${process.pid}/task/${process.pid}/schedstat`);
}

/**
 * The pids of the workerd processes this Node process started (Miniflare spawns one per instance).
 *
 * @example
 * const before = workerdPids(); await mf.ready; const [pid] = workerdPids().filter((p) => !before.includes(p));
 */
export function workerdPids(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid …": comm may hold spaces, so split after its closing parenthesis.
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (comm === 'workerd' && ppid === process.pid) pids.push(Number(entry));
    } catch {
      // The process ended while we read /proc.
    }
  }
  return pids;
}

/**
 * Nanoseconds of CPU that every thread of `pid` has run so far (the first field of each thread's
 * schedstat: ns resolution, where /proc/<pid>/stat counts 10 ms ticks).
 */
export function cpuNs(pid: number): number {
  let total = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      total += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // A thread that ended between the listing and the read has nothing more to add.
    }
  }
  return total;
}

/**
 * The CPU (ms) `pid` spends on `run`, divided by `count` (the requests it makes): a mean per request.
 *
 * @example
 * const perRequest = await cpuMsPer(pid, 40, async () => { for (const q of questions) await search(q); });
 */
export async function cpuMsPer(pid: number, count: number, run: () => Promise<void>): Promise<number> {
  const before = cpuNs(pid);
  await run();
  return (cpuNs(pid) - before) / 1e6 / count;
}
