/**
 * Argument parsing of `retrieve`: flags map onto the Worker's search parameters, validation flags
 * are parsed and range-checked, and every malformed invocation is a usage error (exit 2).
 */
import { describe, expect, it } from 'vitest';
import { parseRetrieveArgs, RETRIEVE_USAGE } from '../../../src/cli/retrieve/args';
import { describeFailure } from '../../../src/cli/cli-failure';
import { parseConfig } from '../../../src/core/common/config/parse-config';

function usageFailure(argv: string[]): ReturnType<typeof describeFailure> {
  try {
    parseRetrieveArgs(argv);
  } catch (error) {
    expect(error).toMatchObject({ name: 'RetrieverError', code: 'invalid_request' });
    return describeFailure(error, 'retrieve');
  }
  throw new Error(`expected a usage error for ${JSON.stringify(argv)}`);
}

describe('parseRetrieveArgs: search', () => {
  it('maps every search flag onto the Worker parameter of the same meaning', () => {
    const args = parseRetrieveArgs([
      'What is a topic?', '--top-k', '7', '--mode', 'hybrid', '--fusion', 'rrf', '--rerank', 'mmr', '--threshold', '0.3', '--diversity', 'none',
      '--chapter', 'qos-and-dds', '--module', '01-ros2', '--section', 'Profiles', '--tags', 'ros2,dds', '--filter', '{"not":{"chapter":"index"}}',
    ]);
    expect(args.query).toBe('What is a topic?');
    expect(args.params).toEqual({
      k: '7', mode: 'hybrid', fusion: 'rrf', rerank: 'mmr', threshold: '0.3', diversity: 'none', chapter: 'qos-and-dds', module: '01-ros2',
      section: 'Profiles', tags: 'ros2,dds', filter: '{"not":{"chapter":"index"}}',
    });
    expect(args.validate).toBeNull();
  });

  it('leaves unset parameters out, so the configured defaults apply', () => {
    const args = parseRetrieveArgs(['tf2']);
    expect(args.params).toEqual({});
    expect([args.json, args.context, args.verbose, args.url, args.index]).toEqual([false, false, false, null, null]);
  });

  it('accepts -k, --k and --top-k for the same number, and -v for --verbose', () => {
    expect(parseRetrieveArgs(['q', '-k', '3']).params.k).toBe('3');
    expect(parseRetrieveArgs(['q', '--k', '4']).params.k).toBe('4');
    expect(parseRetrieveArgs(['q', '-v']).verbose).toBe(true);
  });

  it('joins several positionals into one query (an unquoted query still works)', () => {
    expect(parseRetrieveArgs(['what', 'is', 'a', 'topic']).query).toBe('what is a topic');
  });

  it('keeps --url and --index', () => {
    expect(parseRetrieveArgs(['q', '--url', 'http://127.0.0.1:8787']).url).toBe('http://127.0.0.1:8787');
    expect(parseRetrieveArgs(['q', '--index', 'x.bin']).index).toBe('x.bin');
  });

  it('returns help without requiring a query', () => {
    expect(parseRetrieveArgs(['--help']).help).toBe(true);
    expect(parseRetrieveArgs(['-h']).help).toBe(true);
    expect(RETRIEVE_USAGE).toMatch(/Exit codes:[\s\S]*2 +configuration or usage error/);
  });

  it('gives the --mode and --fusion defaults a search really uses, with and without a Cohere key', () => {
    const local = parseConfig({});
    const cohere = parseConfig({ COHERE_API_KEY: 'key' });
    // Each option's text runs from its flag to the next flag.
    const option = (flag: string) => RETRIEVE_USAGE.split(/\n(?= {2}-)/).find((text) => text.trimStart().startsWith(flag))?.replace(/\s+/g, ' ') ?? '';
    expect(option('--mode')).toContain(`else ${local.SEARCH_MODE}; ${cohere.SEARCH_MODE} when COHERE_API_KEY is set`);
    expect(option('--fusion')).toContain(`else ${local.HYBRID_FUSION}; ${cohere.HYBRID_FUSION} when COHERE_API_KEY is set`);
  });
});

describe('parseRetrieveArgs: validation', () => {
  it('parses the criteria, the hit@k cut-off and the compare runs', () => {
    const args = parseRetrieveArgs([
      '--validate', 'q.json', '--k', '3', '--min-p3', '0.5', '--min-hit-rate', '0.9', '--min-metadata', '0.95',
      '--no-results-below', '0.3', '--compare', '--runs', 'keyword, hybrid:rrf+mmr',
    ]);
    expect(args.validate).toBe('q.json');
    expect(args.k).toBe(3);
    expect(args.criteria).toEqual({ minP3: 0.5, minHitRate: 0.9, minMetadata: 0.95 });
    expect(args.noResultsBelow).toBe(0.3);
    expect(args.compare).toBe(true);
    expect(args.runs).toEqual(['keyword', 'hybrid:rrf+mmr']);
  });

  it('defaults hit@k to 5 and leaves the criteria to the evaluator', () => {
    const args = parseRetrieveArgs(['--validate', 'q.json']);
    expect(args.k).toBe(5);
    expect(args.criteria).toEqual({});
    expect(args.compare).toBe(false);
  });
});

describe('parseRetrieveArgs: usage errors exit 2 with a hint', () => {
  it.each([
    [['q', '--bogus'], /^unknown option --bogus$/],
    [['q', '--topk', '3'], /^unknown option --topk \(did you mean --top-k\?\)$/],
    [['q', '--top-k'], /^--top-k needs a value$/],
    [['q', '--json=yes'], /^--json takes no value$/],
    [['q', '--top-k', '0'], /--top-k must be a positive integer/],
    [['--validate', 'q.json', '--k', '0'], /--k must be a positive integer/],
    [['q', '--top-k', '2.5'], /--top-k must be a positive integer/],
    [['q', '--top-k', '3', '--k', '4'], /either --top-k or --k/],
    [[], /give a query/],
    [['q', '--json', '--context'], /exclusive/],
    [['q', '--url', 'not a url'], /--url must be an http\(s\) URL/],
    [['q', '--url', 'ftp://x'], /--url must be an http\(s\) URL/],
    [['q', '--url', 'http://x', '--index', 'f.bin'], /--index applies to in-process/],
    [['q', '--compare'], /need --validate/],
    [['q', '--min-p3', '0.5'], /need --validate/],
    [['--validate', 'q.json', 'a query'], /takes a query set file, not a query/],
    [['--validate', 'q.json', '--context'], /--context does not apply/],
    [['--validate', 'q.json', '--runs', 'keyword'], /--runs needs --compare/],
    [['--validate', 'q.json', '--min-p3', '1.5'], /--min-p3 must be in \[0, 1\]/],
    [['--validate', 'q.json', '--min-hit-rate', 'abc'], /--min-hit-rate must be a number/],
    [['--gaps', 'log.txt', 'a query'], /--gaps takes a questions file/],
    [['--gaps', 'log.txt', '--mode', 'keyword'], /--gaps takes a questions file/],
    [['--gaps', 'log.txt', '--validate', 'q.json'], /--gaps takes a questions file/],
    [['--gaps', 'log.txt', '--url', 'http://x'], /--gaps takes a questions file/],
  ])('%j', (argv, message) => {
    const failure = usageFailure(argv as string[]);
    expect(failure.code).toBe(2);
    expect(failure.message).toMatch(message);
    expect(failure.hint).toMatch(/--help/);
  });
});
