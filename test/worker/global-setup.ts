/**
 * Starts the loopback fake Cohere + Qdrant once for the Workers test project and hands its URL
 * to the Worker as the FAKE_URL binding (GUIDE.md §1: real loopback HTTP from workerd).
 */
import type { TestProject } from 'vitest/node';
import { startFakeUpstream } from '../support/fake-upstream/server';
import { quietWorkerdDisconnects } from './quiet-workerd-disconnects';

declare module 'vitest' {
  export interface ProvidedContext {
    fakeUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const fake = await startFakeUpstream();
  project.provide('fakeUrl', fake.url);
  const restoreStdout = quietWorkerdDisconnects();
  return async () => {
    restoreStdout();
    await fake.close();
  };
}
