#!/usr/bin/env node
/**
 * `retrieve` bin: runs the TypeScript CLI (src/cli/retrieve.ts) through tsx's ESM loader,
 * registered in this process so there is no second Node start-up. tsx is a devDependency: the
 * bin is meant to be run from a checkout (`npx retrieve …`, `npm run retrieve -- …`).
 */
import { register } from 'tsx/esm/api';

register();
const { stopQuietlyOnClosedPipe } = await import('../src/cli/closed-pipe.ts');
stopQuietlyOnClosedPipe();
const { runRetrieve } = await import('../src/cli/retrieve.ts');
process.exitCode = await runRetrieve(process.argv.slice(2));
