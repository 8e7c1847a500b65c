/**
 * A loopback fake of the Cohere and Qdrant REST APIs for tests: one node:http server, usable
 * from vitest `globalSetup` (the Worker reaches it over real HTTP) and from Node tests.
 *
 * Every route is also served under `/t/<tenant>/…` with separate state; the bare prefix is the
 * tenant "default". Per tenant, `GET /__fake/calls`, `POST /__fake/reset`, `POST /__fake/faults`
 * and `DELETE /__fake/faults` inspect and steer the fake; a fault applies to the next `times`
 * matching requests, first queued first.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleCohere, isCoherePath } from './cohere';
import { parseBody, readBody, sendJson, sendText, sleep, type ParsedBody } from './http-io';
import { handleQdrant } from './qdrant';
import { faultResponds, newTenant, parseFaults, resetTenant, takeFault, type FaultSpec, type TenantState } from './tenants';

export { fakeEmbedding } from './fake-embedding';

/** A running fake. */
export interface FakeUpstream {
  /** `http://127.0.0.1:<port>`; append `/t/<tenant>` for an isolated tenant. */
  url: string;
  close(): Promise<void>;
}

/** Options of {@link startFakeUpstream}. */
export interface FakeUpstreamOptions {
  /** Port to listen on (default: any free port). */
  port?: number;
  /** Expected `Authorization: Bearer` token for Cohere (default 'test-cohere-key'). */
  cohereKey?: string;
  /** Expected Qdrant `api-key` (default 'test-qdrant-key'); '' turns Qdrant auth off. */
  qdrantKey?: string;
  /**
   * Fixed latency added to every call, in ms, as a real upstream would have it (benchmarks):
   * `embed` for Cohere `/v2/embed`, `cohere` for other Cohere calls, `qdrant` for Qdrant calls.
   */
  latencyMs?: { embed?: number; cohere?: number; qdrant?: number };
}

/**
 * Starts the fake on 127.0.0.1.
 *
 * @example
 * const fake = await startFakeUpstream();
 * const res = await fetch(`${fake.url}/t/my-test/collections`, { headers: { 'api-key': 'test-qdrant-key' } });
 * await fake.close();
 */
export async function startFakeUpstream(options: FakeUpstreamOptions = {}): Promise<FakeUpstream> {
  const cohereKey = options.cohereKey ?? 'test-cohere-key';
  const qdrantKey = options.qdrantKey ?? 'test-qdrant-key';
  const tenants = new Map<string, TenantState>();
  const tenantOf = (name: string): TenantState => {
    let tenant = tenants.get(name);
    if (!tenant) tenants.set(name, (tenant = newTenant()));
    return tenant;
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // A bug in the fake itself: say so loudly rather than imitate an upstream failure.
      if (!res.headersSent) sendJson(res, 500, { fake_upstream_bug: error instanceof Error ? error.stack ?? error.message : String(error) });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const scoped = /^\/t\/([^/]+)(\/.*)?$/.exec(url.pathname);
    const tenant = tenantOf(scoped ? decodeURIComponent(scoped[1] ?? '') : 'default');
    const path = scoped ? scoped[2] ?? '/' : url.pathname;
    const method = (req.method ?? 'GET').toUpperCase();
    const body = parseBody(await readBody(req));
    if (path.startsWith('/__fake/')) return control(res, tenant, method, path, body);

    const service = isCoherePath(path) ? 'cohere' : 'qdrant';
    tenant.calls.push({ method, path, query: Object.fromEntries(url.searchParams), body: body.kind === 'json' ? body.value : null, service });
    const latency = options.latencyMs?.[service === 'qdrant' ? 'qdrant' : path === '/v2/embed' ? 'embed' : 'cohere'];
    if (latency) await sleep(latency);
    const fault = takeFault(tenant, method, path);
    if (fault?.delayMs) await sleep(fault.delayMs);
    if (fault && faultResponds(fault)) return answerFault(req, res, fault, service);

    if (service === 'cohere') {
      const reply = handleCohere({ method, path, headers: req.headers, body, apiKey: cohereKey });
      return sendJson(res, reply.status, reply.body);
    }
    const reply = handleQdrant({ method, path, query: url.searchParams, headers: req.headers, body, apiKey: qdrantKey || undefined, tenant });
    if (reply.json !== undefined) sendJson(res, reply.status, reply.json);
    else sendText(res, reply.status, reply.text ?? '');
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function control(res: ServerResponse, tenant: TenantState, method: string, path: string, body: ParsedBody): void {
  const route = `${method} ${path}`;
  if (route === 'GET /__fake/calls') return sendJson(res, 200, tenant.calls);
  if (route === 'POST /__fake/reset') {
    resetTenant(tenant);
    return sendJson(res, 200, { ok: true });
  }
  if (route === 'DELETE /__fake/faults') {
    tenant.faults.length = 0;
    return sendJson(res, 200, { ok: true, queued: 0 });
  }
  if (route === 'POST /__fake/faults') {
    try {
      const faults = parseFaults(body.kind === 'json' ? body.value : undefined);
      tenant.faults.push(...faults);
      return sendJson(res, 200, { ok: true, queued: tenant.faults.length });
    } catch (error) {
      return sendJson(res, 400, { error: (error as Error).message });
    }
  }
  sendJson(res, 404, { error: `unknown control endpoint ${route}` });
}

function answerFault(req: IncomingMessage, res: ServerResponse, fault: FaultSpec, service: 'cohere' | 'qdrant'): void {
  if (fault.drop) {
    req.socket.destroy();
    return;
  }
  const status = fault.status ?? 500;
  const headers = fault.headers ?? {};
  if (fault.stallBody || fault.cutBody) {
    // Headers and a first chunk, then silence (the client must time out on the body itself) or a
    // closed connection (an answer cut short; the length promised says more was coming).
    const first = typeof fault.body === 'string' ? fault.body : '{"result":';
    res.writeHead(status, { 'content-type': 'application/json', ...(fault.cutBody ? { 'content-length': String(first.length + 100) } : {}), ...headers });
    res.write(first);
    if (fault.cutBody) setTimeout(() => req.socket.destroy(), 10);
    return;
  }
  if (typeof fault.body === 'string') return sendText(res, status, fault.body, headers);
  // Without a body, answer in the service's own error shape so clients parse it as they would.
  const fallback =
    service === 'cohere' ? { message: `fake fault (status ${status})` } : { status: { error: `Service internal error: fake fault (status ${status})` }, time: 0 };
  sendJson(res, status, fault.body === undefined ? fallback : fault.body, headers);
}
