/**
 * Per-tenant state of the fake: its Qdrant collections, the call log and the queued faults.
 * Tenants (`/t/<name>/…`) let concurrent test files share one server without seeing each
 * other's data or faults.
 */
import { isObject } from './http-io';
import type { Collection } from './qdrant-types';

/** One request as the fake saw it (control endpoints are not logged). */
export interface CallRecord {
  method: string;
  /** Path without the tenant prefix and without the query string. */
  path: string;
  query: Record<string, string>;
  /** Parsed JSON body, or null when the body was empty or not JSON. */
  body: unknown;
  service: 'cohere' | 'qdrant';
}

/** A fault as posted to `POST /__fake/faults`. */
export interface FaultSpec {
  method?: string;
  /** Regex source, matched against the path without tenant prefix and query. */
  path: string;
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
  /** How many matching requests this fault applies to (default 1). */
  times?: number;
  /** Destroy the socket without answering. */
  drop?: boolean;
  /** Send the status, headers and the first part of `body` (a string), then never finish. */
  stallBody?: boolean;
  /** Send the status, headers and the first part of `body` (a string), then destroy the socket. */
  cutBody?: boolean;
}

/** A queued fault with its compiled pattern and remaining uses. */
export interface Fault {
  spec: FaultSpec;
  pattern: RegExp;
  remaining: number;
}

/** Everything one tenant owns. */
export interface TenantState {
  calls: CallRecord[];
  faults: Fault[];
  collections: Map<string, Collection>;
}

/** Creates an empty tenant. */
export function newTenant(): TenantState {
  return { calls: [], faults: [], collections: new Map() };
}

/** Clears a tenant in place (`POST /__fake/reset`). */
export function resetTenant(tenant: TenantState): void {
  tenant.calls.length = 0;
  tenant.faults.length = 0;
  tenant.collections.clear();
}

/**
 * Checks and compiles a posted fault list. Throws an Error with a readable message on a bad
 * shape, so a typo in a test fails loudly instead of silently never matching.
 */
export function parseFaults(value: unknown): Fault[] {
  if (!Array.isArray(value)) throw new Error('faults must be a JSON array');
  return value.map((item, i) => {
    if (!isObject(item) || typeof item.path !== 'string') throw new Error(`faults[${i}].path must be a string`);
    const known = ['method', 'path', 'status', 'body', 'headers', 'delayMs', 'times', 'drop', 'stallBody', 'cutBody'];
    const unknown = Object.keys(item).find((k) => !known.includes(k));
    if (unknown) throw new Error(`faults[${i}] has an unknown key "${unknown}"`);
    const spec = item as unknown as FaultSpec;
    if (spec.method !== undefined && typeof spec.method !== 'string') throw new Error(`faults[${i}].method must be a string`);
    if (spec.status !== undefined && !(Number.isInteger(spec.status) && spec.status >= 100 && spec.status <= 599)) {
      throw new Error(`faults[${i}].status must be an HTTP status code`);
    }
    if (spec.delayMs !== undefined && !(typeof spec.delayMs === 'number' && spec.delayMs >= 0)) {
      throw new Error(`faults[${i}].delayMs must be a non-negative number`);
    }
    if (spec.times !== undefined && !(Number.isInteger(spec.times) && spec.times >= 1)) {
      throw new Error(`faults[${i}].times must be a positive integer`);
    }
    if (spec.headers !== undefined && !(isObject(spec.headers) && Object.values(spec.headers).every((h) => typeof h === 'string'))) {
      throw new Error(`faults[${i}].headers must map names to strings`);
    }
    let pattern: RegExp;
    try {
      pattern = new RegExp(spec.path);
    } catch (error) {
      throw new Error(`faults[${i}].path is not a valid regex: ${(error as Error).message}`);
    }
    return { spec, pattern, remaining: spec.times ?? 1 };
  });
}

/** Takes one use of the first queued fault matching this request, if any. */
export function takeFault(tenant: TenantState, method: string, path: string): FaultSpec | undefined {
  const index = tenant.faults.findIndex(
    (f) => f.remaining > 0 && (f.spec.method === undefined || f.spec.method.toUpperCase() === method) && f.pattern.test(path),
  );
  const fault = tenant.faults[index];
  if (!fault) return undefined;
  fault.remaining -= 1;
  if (fault.remaining === 0) tenant.faults.splice(index, 1);
  return fault.spec;
}

/** True when the fault answers (or drops) instead of only delaying. */
export function faultResponds(spec: FaultSpec): boolean {
  return spec.drop === true || spec.stallBody === true || spec.cutBody === true || spec.status !== undefined || spec.body !== undefined || spec.headers !== undefined;
}
