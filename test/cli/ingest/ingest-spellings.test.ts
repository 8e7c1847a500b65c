/**
 * British ↔ American spelling at ingest: a reader's spelling finds the book's in keyword and
 * semantic search of the embedded index, without any query rewriting.
 */
import { describe, expect, it } from 'vitest';
import { inProcessSearcher } from '../../../src/cli/retrieve/run-query';
import { indexedPages } from './ingest-harness';

const PAGES: Record<string, string> = {
  'slides.md': '# Slides\n\nThe presentation theme breaks: named colours are not recognised after the upgrade. Pin the older theme version.\n',
  'network.md': '# Network\n\nEach interface gets a name from its bus and slot. Show the addresses with the ip command.\n',
  'backup.md': '# Backups\n\nCopy the home directory to the external disk every night with rsync.\n',
  'questions.md': '# Questions\n\nUse cuál before es when choosing among answers, and qué before a noun.\n',
  'streets.md': '# Streets\n\nEvery Straße in the old town is one-way after dark.\n',
  'editor.md': '# Editor\n\nThe modal editor has an insert mode and a normal mode. Save and quit with a command.\n',
};

const indexPath = indexedPages('spellings-', PAGES);

describe('spelling variants at ingest', () => {
  it.each(['keyword', 'semantic'])('an American spelling finds the British page first in %s mode', async (mode) => {
    const searcher = inProcessSearcher({ env: {}, indexPath: indexPath() });
    const doc = await searcher.search({ q: 'color recognized', k: 3, mode });
    expect(String(doc.results[0]?.metadata?.file_path ?? doc.results[0]?.file_path)).toMatch(/slides\.md$/);
  });

  it.each(['keyword', 'semantic'])('a word typed without its accents finds the page that writes them in %s mode', async (mode) => {
    const searcher = inProcessSearcher({ env: {}, indexPath: indexPath() });
    const doc = await searcher.search({ q: 'cual', k: 3, mode });
    expect(String(doc.results[0]?.metadata?.file_path ?? doc.results[0]?.file_path)).toMatch(/questions\.md$/);
  });

  it.each(['keyword', 'semantic'])('a letter with no mark to drop, typed as a keyboard without it spells it, finds the page in %s mode', async (mode) => {
    const searcher = inProcessSearcher({ env: {}, indexPath: indexPath() });
    const doc = await searcher.search({ q: 'strasse', k: 3, mode });
    expect(String(doc.results[0]?.metadata?.file_path ?? doc.results[0]?.file_path)).toMatch(/streets\.md$/);
  });
});
