#!/usr/bin/env node
/**
 * `edge-retriever-ingest` bin: runs the TypeScript ingest CLI (src/cli/ingest.ts) through tsx's
 * ESM loader, registered in this process so there is no second Node start-up. tsx is a
 * devDependency: the bin is meant to be run from a checkout or a linked install (`npm link`).
 */
import { register } from 'tsx/esm/api';

register();
const { stopQuietlyOnClosedPipe } = await import('../src/cli/closed-pipe.ts');
stopQuietlyOnClosedPipe();
const { runIngest } = await import('../src/cli/ingest.ts');
process.exitCode = await runIngest(process.argv.slice(2));
