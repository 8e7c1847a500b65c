/**
 * The hand-labelled query set that `retrieve --validate` runs. Each item names the pages (or
 * chapters / modules) a good answer must come from, or says that the book has no answer at all.
 * Objects are strict: a typo such as `file_path` for `file_paths` would otherwise silently drop
 * labels and make a query look harder (or easier) than it is.
 *
 * The page-list format of externally labelled books is read too, item by item:
 * `expected_files` are `file_paths`; `needs_all_files` (the answer spans those pages) and `note`
 * change nothing, since any one of the pages is a hit; `also_relevant` (pages that answer in part)
 * is accepted and not counted, as a strict judge does.
 *
 * `expected.sections` (headings of the labelled pages that hold the answer) add passage figures
 * (`passages.ts`); they need page labels beside them, since many pages share a heading.
 */
import * as z from 'zod/mini';
import { RetrieverError } from '../../common/errors';

const label = z.string().check(z.trim(), z.minLength(1));
const labels = z.optional(z.array(label));

const expectedSchema = z.strictObject({
  chapters: labels,
  modules: labels,
  urls: labels,
  file_paths: labels,
  sections: labels,
});

const itemSchema = z.strictObject({
  id: z.optional(label),
  query: z.string().check(z.trim(), z.minLength(1)),
  category: z.optional(label),
  expected: z.optional(expectedSchema),
  expect_no_results: z.optional(z.boolean()),
  k: z.optional(z.int().check(z.gte(1), z.lte(100))),
  /** Free text for the person maintaining the set; ignored by the evaluator. */
  notes: z.optional(z.string()),
  // The page-list format (see the module comment).
  expected_files: z.optional(z.array(label)),
  also_relevant: z.optional(z.array(label)),
  needs_all_files: z.optional(z.boolean()),
  note: z.optional(z.string()),
});

const setSchema = z.array(itemSchema).check(z.minLength(1));

/** The labels that make a result relevant; a result matching ANY of them is relevant. */
export interface ExpectedLabels {
  chapters?: string[];
  modules?: string[];
  urls?: string[];
  file_paths?: string[];
  /**
   * Headings of the labelled pages under which the answer lies: they make passage figures
   * (`passages.ts`) and do not change what counts as a relevant page.
   */
  sections?: string[];
}

/** One validated query. `id` defaults to `q<n>` (1-based position); `k` is the hit@k cut-off. */
export interface QueryItem {
  id: string;
  query: string;
  category?: string;
  /** Absent exactly when `expect_no_results` is true. */
  expected?: ExpectedLabels;
  expect_no_results: boolean;
  k?: number;
}

/**
 * Parse and validate a query set: a JSON string, or the already-parsed array.
 * Throws `invalid_request` naming the item index and the field (`details.index`, `details.path`).
 *
 * Rules beyond the shape: every item has labels (`expected` with at least one non-empty list) XOR
 * `expect_no_results: true` — both at once is contradictory; ids are unique.
 *
 * @example
 * const items = parseQuerySet('[{"query":"What is a ROS 2 node?","expected":{"chapters":["ros2"]}}]');
 * items[0].id; // "q1"
 */
export function parseQuerySet(input: unknown): QueryItem[] {
  const data = typeof input === 'string' ? parseJson(input) : input;
  const parsed = setSchema.safeParse(data);
  if (!parsed.success) throw issueError(parsed.error.issues, data);

  const seen = new Map<string, number>();
  return parsed.data.map((raw, index) => {
    const id = raw.id ?? `q${index + 1}`;
    const previous = seen.get(id);
    if (previous !== undefined) {
      throw invalid(index, 'id', `duplicate id "${id}" (also used by item ${previous})`);
    }
    seen.set(id, index);

    const labelled = withExpectedFiles(raw.expected, raw.expected_files);
    const expected = labelled ? compactLabels(labelled) : undefined;
    const noResults = raw.expect_no_results === true;
    if (noResults && (raw.expected !== undefined || (raw.expected_files?.length ?? 0) > 0)) {
      throw invalid(index, raw.expected === undefined ? 'expected_files' : 'expected', 'give either labels or `expect_no_results: true`, not both');
    }
    if (expected?.sections !== undefined && (expected.file_paths ?? expected.urls) === undefined) {
      throw invalid(index, 'expected.sections', 'sections name headings within the labelled pages: give `file_paths` (or `urls`) too');
    }
    if (!noResults && expected === undefined) {
      throw invalid(index, 'expected', raw.expected === undefined
        ? 'needs `expected` labels (chapters, modules, urls or file_paths), `expected_files`, or `expect_no_results: true`'
        : '`expected` has no labels: give at least one of chapters, modules, urls, file_paths');
    }

    const item: QueryItem = { id, query: raw.query, expect_no_results: noResults };
    if (raw.category !== undefined) item.category = raw.category;
    if (expected !== undefined) item.expected = expected;
    if (raw.k !== undefined) item.k = raw.k;
    return item;
  });
}

function parseJson(text: string): unknown {
  try {
    // A file saved with a byte-order mark (as Notepad does) is still the same JSON.
    return JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch (cause) {
    // The parser's own words say where (`… at position 110`): the file is the user's to fix.
    const where = cause instanceof SyntaxError ? `: ${cause.message}` : '';
    throw new RetrieverError('invalid_request', `query set is not valid JSON${where}`, { params: ['queries'] }, { cause });
  }
}

/** `expected` with the page-list format's `expected_files` added to its `file_paths`. */
function withExpectedFiles(expected: ExpectedLabels | undefined, files: string[] | undefined): ExpectedLabels | undefined {
  if (files === undefined) return expected;
  return { ...expected, file_paths: [...(expected?.file_paths ?? []), ...files] };
}

/** Drops empty lists; undefined when nothing is left (so "no labels" is one check). */
function compactLabels(expected: ExpectedLabels): ExpectedLabels | undefined {
  const out: ExpectedLabels = {};
  for (const key of ['chapters', 'modules', 'urls', 'file_paths', 'sections'] as const) {
    const list = expected[key];
    if (list && list.length > 0) out[key] = list;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function invalid(index: number, field: string, message: string): RetrieverError {
  return new RetrieverError('invalid_request', `query set item ${index}, \`${field}\`: ${message}`, {
    params: ['queries'],
    index,
    path: `[${index}].${field}`,
  });
}

type Issue = { code: string; path: PropertyKey[]; expected?: unknown; keys?: string[]; minimum?: unknown; maximum?: unknown };

/** Turns the first zod issue into a message a person editing the JSON file can act on. */
function issueError(issues: readonly Issue[], data: unknown): RetrieverError {
  const issue = issues[0];
  if (!issue || issue.path.length === 0) {
    const why = Array.isArray(data) ? 'must contain at least one query' : `must be a JSON array, got ${kindOf(data)}`;
    return new RetrieverError('invalid_request', `query set ${why}`, { params: ['queries'] });
  }
  const [index, ...rest] = issue.path;
  const field = rest.map((p) => (typeof p === 'number' ? `[${p}]` : String(p))).join('.').replace(/\.\[/g, '[');
  const where = field === '' ? `query set item ${String(index)}` : `query set item ${String(index)}, \`${field}\``;
  const message = `${where}: ${describeIssue(issue, valueAt(data, issue.path))}`;
  return new RetrieverError('invalid_request', message, {
    params: ['queries'],
    index,
    path: `[${String(index)}]${field ? `.${field}` : ''}`,
    issues: issues.length,
  });
}

function describeIssue(issue: Issue, value: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      if (value === undefined) return 'is required';
      return `expected ${String(issue.expected)}, got ${kindOf(value)}`;
    case 'unrecognized_keys':
      return `unknown field(s) ${(issue.keys ?? []).map((k) => `"${k}"`).join(', ')}`;
    case 'too_small':
      return typeof value === 'string' ? 'must not be empty' : `must be at least ${String(issue.minimum)}`;
    case 'too_big':
      return `must be at most ${String(issue.maximum)}`;
    default:
      return 'is invalid';
  }
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let node: unknown = data;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && !Number.isInteger(value)) return `number ${value}`;
  return typeof value;
}
