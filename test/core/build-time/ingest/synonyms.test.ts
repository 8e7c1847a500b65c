/**
 * The book owner's synonyms file: parsed in the Solr format with line-numbered errors, matched on
 * stems in order, applied on the document side only.
 */
import { describe, expect, it } from 'vitest';
import { RetrieverError } from '../../../../src/core/common/errors';
import { indexingText, ownText } from '../../../../src/core/build-time/ingest/ingest-plan';
import { MAX_PHRASES_PER_CHUNK, matchSynonyms, parseSynonyms, synonymAliases, withSynonyms } from '../../../../src/core/build-time/ingest/synonyms';
import type { Chunk } from '../../../../src/core/build-time/ingest/types';

function chunk(id: string, title: string, content: string): Chunk {
  return { id, payload: { title, headings: [title], content } as unknown as Chunk['payload'] };
}

describe('parseSynonyms', () => {
  it('reads equivalences, explicit mappings, comments and blank lines', () => {
    const { rules, skipped } = parseSynonyms('# readers\n\nhostname, computer name,  machine   name\nrename computer, change name => hostname # old habit\n');
    expect(skipped).toEqual([]);
    expect(rules).toEqual([
      { line: 3, book: ['hostname', 'computer name', 'machine name'], reader: ['hostname', 'computer name', 'machine name'] },
      { line: 4, book: ['hostname'], reader: ['rename computer', 'change name'] },
    ]);
  });

  it('keeps a # inside a word (C#) and drops duplicates within a line', () => {
    expect(parseSynonyms('C#, csharp, csharp').rules).toEqual([{ line: 1, book: ['C#', 'csharp'], reader: ['C#', 'csharp'] }]);
  });

  it.each([
    ['a => b => c', /line 1: use "=>" at most once/],
    ['\nlonely', /line 2: an equivalence needs two or more phrases/],
    ['hostname, =>', /line 1: "=>" needs phrases on both sides/],
    [' => hostname', /line 1: "=>" needs phrases on both sides/],
  ])('refuses %j naming the line', (text, message) => {
    let caught: unknown;
    try {
      parseSynonyms(text, 'syn.txt');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RetrieverError);
    expect((caught as RetrieverError).code).toBe('config_error');
    expect((caught as RetrieverError).message).toMatch(/^syn\.txt, line \d+: /);
    expect((caught as RetrieverError).message).toMatch(message);
  });
  it('leaves out a phrase of stopwords only (BM25 drops those words), and a line left with nothing, and says so', () => {
    const { rules, skipped } = parseSynonyms('filter rows, where => where clause\nkeep, where => where\nthe, an');
    expect(rules).toEqual([{ line: 1, book: ['where clause'], reader: ['filter rows'] }]);
    expect(skipped).toEqual([
      { line: 1, message: '"where" is left out: it has no word search reads (stopwords and punctuation only)' },
      { line: 2, message: '"where" is left out: it has no word search reads (stopwords and punctuation only)' },
      { line: 2, message: 'this line adds nothing without those phrases' },
      { line: 3, message: '"the" is left out: it has no word search reads (stopwords and punctuation only)' },
      { line: 3, message: '"an" is left out: it has no word search reads (stopwords and punctuation only)' },
      { line: 3, message: 'this line adds nothing without those phrases' },
    ]);
  });
});

describe('matchSynonyms', () => {
  const { rules } = parseSynonyms('rename computer, computer name => hostname\nbuild server, CI server => Jenkins\nwidget, gadget');

  it('adds the readers\' phrases to a text that uses a book phrase, in any inflection', () => {
    const { added } = matchSynonyms(['Changing the hostnames of servers', 'Run Jenkins in Docker', 'Nothing to see'], rules);
    expect(added).toEqual([['rename computer', 'computer name'], ['build server', 'CI server'], []]);
  });

  it('matches a phrase as stems in order, stopwords skipped, and adds only the words the text lacks', () => {
    const { added } = matchSynonyms(["The computer's name is its hostname", 'The name of the computer is its hostname', 'Set the hostname'], rules);
    // "computer name" is said already (stems in order), and "computer" is a word of the text.
    expect(added[0]).toEqual(['rename']);
    // The words are all there, out of order: nothing of "computer name" is new.
    expect(added[1]).toEqual(['rename']);
    expect(added[2]).toEqual(['rename computer', 'computer name']);
  });

  it('says which book phrase of the text each reader phrase stands for', () => {
    const { added, sources } = matchSynonyms(['Set the hostname; the hostnames of servers', 'a gadget'], parseSynonyms('rename computer => machine name, hostname\nwidget, gadget').rules);
    expect(added).toEqual([['rename computer'], ['widget']]);
    expect(sources).toEqual([['hostname'], ['gadget']]);
  });

  it('an equivalence works both ways', () => {
    expect(matchSynonyms(['a gadget', 'a widget'], rules).added).toEqual([['widget'], ['gadget']]);
  });

  it(`gives one text at most ${MAX_PHRASES_PER_CHUNK} phrases, the first rules' first, and counts the texts cut`, () => {
    const many = parseSynonyms(Array.from({ length: MAX_PHRASES_PER_CHUNK + 6 }, (_, i) => `reader${i} => gearbox`).join('\n')).rules;
    const { added, capped } = matchSynonyms(['a gearbox', 'a motor'], many);
    expect(added[0]).toHaveLength(MAX_PHRASES_PER_CHUNK);
    expect(added[0]!.at(-1)).toBe(`reader${MAX_PHRASES_PER_CHUNK - 1}`);
    expect(capped).toBe(1);
  });

  it('counts, per rule, the texts that gained words from it (not those that had them all already)', () => {
    const texts = ['Run Jenkins', 'Jenkins jobs', 'Jenkins is a build server', 'a gadget', 'Nothing'];
    // Text 3 says "build server" already, but still gains "CI": three texts for line 2.
    expect(matchSynonyms(texts, rules).reach).toEqual([0, 3, 1]);
    expect(matchSynonyms(['The widget and the gadget'], rules).reach).toEqual([0, 0, 0]);
  });

  it('reports the rules no text uses', () => {
    expect(matchSynonyms(['Run Jenkins'], rules).unused.map((rule) => rule.line)).toEqual([1, 3]);
  });
});

describe('withSynonyms', () => {
  it('lists the phrases in the payload and the indexing text, never in the content', () => {
    const { chunks } = withSynonyms([chunk('a', 'Setup', '## Changing hostname\nRun hostnamectl.'), chunk('b', 'Editor', 'Vim modes.')], parseSynonyms('rename computer => hostname').rules);
    expect(chunks[0]!.payload.synonyms).toEqual(['rename computer']);
    expect(chunks[0]!.payload.synonym_of).toEqual(['hostname']);
    expect(chunks[0]!.payload.content).not.toMatch(/rename/);
    expect(indexingText(chunks[0]!)).toMatch(/\n\nrename computer$/);
    expect(ownText(chunks[0]!)).not.toMatch(/rename/);
    // A chunk without synonyms has no field at all, so its payload is what it was without a file.
    expect('synonyms' in chunks[1]!.payload || 'synonym_of' in chunks[1]!.payload).toBe(false);
  });

  it('replaces the phrases of an earlier run instead of matching on them', () => {
    const first = withSynonyms([chunk('a', 'Setup', 'Changing hostname')], parseSynonyms('rename computer => hostname').rules).chunks;
    const again = withSynonyms(first, parseSynonyms('machine name => hostname').rules).chunks;
    expect(again[0]!.payload.synonyms).toEqual(['machine name']);
  });
});

describe('synonymAliases', () => {
  it('maps each stem of a stored reader phrase to the stems of the book phrase it stands for, never to itself', () => {
    const chunks = [
      { payload: { synonyms: ['rename computer', 'gadget'], synonym_of: ['hostname', 'widget'] } },
      { payload: { synonyms: ['rename'], synonym_of: ['host name'] } },
      { payload: {} },
    ] as unknown as Chunk[];
    expect(Object.fromEntries(synonymAliases(chunks))).toEqual({ renam: ['hostnam', 'host', 'name'], comput: ['hostnam'], gadget: ['widget'] });
  });
});
