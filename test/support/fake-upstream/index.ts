/**
 * Loopback fake of Cohere and Qdrant for tests. See `server.ts` for tenants and control
 * endpoints, `fake-embedding.ts` for the vectors it returns.
 */
export { startFakeUpstream, type FakeUpstream, type FakeUpstreamOptions } from './server';
export { fakeEmbedding, fakeRelevance, fakeWords } from './fake-embedding';
export type { CallRecord, FaultSpec } from './tenants';
