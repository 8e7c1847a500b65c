import { readFileSync } from 'node:fs';
import { chunkMarkdownFile } from '../src/core/build-time/ingest/chunk-markdown-file';
const text = readFileSync('/tmp/code.mdx', 'utf8');
const r = await chunkMarkdownFile({ filePath: 'code.mdx', text });
if (r.ok) for (const c of r.chunks) console.log('---', c.payload.start_line, c.payload.end_line, '\n' + c.payload.content);
