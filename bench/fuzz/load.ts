/**
 * Load: `clients` concurrent keep-alive clients, each sending one search after another until the
 * time is up (and at most 1,000 requests each, so the loop is bounded by count too). Questions come
 * from a pool of 200 (so some repeat: query-embedding cache hits) in the three modes and the three
 * response formats. Every answer other than a complete 200 is an error.
 */
import { keepAliveAgent, send } from './send';

const TOPICS = ['ROS 2 topics', 'QoS reliability', 'URDF joints', 'tf2 frames', 'Isaac Sim', 'synthetic data', 'nav2 planners', 'ZMP balance', 'whisper voice', 'launch files'];
const ASKS = ['What is', 'How do I use', 'Explain', 'Troubleshoot', 'Compare', 'Give an example of', 'Why use', 'When to prefer', 'Configure', 'Debug'];
const MODES = ['semantic', 'hybrid', 'keyword'];
const ACCEPTS = ['application/json', 'application/x-ndjson', 'text/event-stream'];

/** Load figures. */
export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  statuses: Map<string, number>;
  p50: number;
  p99: number;
  max: number;
  errorSamples: string[];
}

/**
 * Runs the load against `url` for `durationMs`.
 *
 * @example
 * const load = await runLoad('http://127.0.0.1:8787', 64, 60_000, 15_000);
 */
export async function runLoad(url: string, clients: number, durationMs: number, timeoutMs: number): Promise<LoadResult> {
  const agent = keepAliveAgent(clients);
  const statuses = new Map<string, number>();
  const times: number[] = [];
  const errorSamples: string[] = [];
  let errors = 0;
  const started = Date.now();
  const client = async (id: number) => {
    for (let i = 0; i < 1000 && Date.now() - started < durationMs; i++) {
      const n = (id * 7919 + i * 104_729) % 200;
      const q = `${ASKS[n % 10]} ${TOPICS[Math.floor(n / 10) % 10]}${n >= 100 ? ' in practice' : ''}?`;
      const path = `/search?q=${encodeURIComponent(q)}&k=${1 + (n % 8)}&mode=${MODES[n % 3]}`;
      const outcome = await send(url, { method: 'GET', path, headers: { accept: ACCEPTS[i % 3]! }, kind: 'load' }, agent, timeoutMs);
      times.push(outcome.ms);
      const key = outcome.status === 0 ? `no answer (${outcome.error})` : String(outcome.status);
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      if (outcome.status !== 200) {
        errors++;
        if (errorSamples.length < 10) errorSamples.push(`${key} ${outcome.code ?? ''} ${path} ${(outcome.body ?? '').slice(0, 160)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, id) => client(id)));
  agent.destroy();
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0;
  return { requests: times.length, errors, seconds: (Date.now() - started) / 1000, statuses, p50: at(0.5), p99: at(0.99), max: times.at(-1) ?? 0, errorSamples };
}
