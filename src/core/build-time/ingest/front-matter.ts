import { parseDocument } from 'yaml';

/** The front-matter fields the ingester uses, normalised. */
export interface DocFrontMatter {
  title?: string;
  id?: string;
  slug?: string;
  chapter?: string;
  tags: string[];
  sidebarPosition: number | null;
  /** `draft: true`: Docusaurus builds the page in development only, never into the site. */
  draft?: boolean;
}

/** Parsed front matter plus notes about fields that were ignored, or why the YAML is broken. */
export type FrontMatterResult =
  | { ok: true; data: DocFrontMatter; warnings: string[] }
  | { ok: false; reason: string };

/**
 * Parse the YAML between the `---` fences (without the fences). Empty front matter is fine;
 * invalid YAML, duplicate keys or a non-mapping document are reported (the file is then skipped,
 * as Docusaurus itself would refuse to build it). Wrongly typed single fields are dropped with a
 * warning instead, so one odd field does not lose a whole chapter.
 *
 * @example
 * parseFrontMatter('title: Intro\ntags: [a, {label: B}]');
 * // { ok: true, data: { title: 'Intro', tags: ['a', 'B'], sidebarPosition: null }, warnings: [] }
 */
export function parseFrontMatter(raw: string): FrontMatterResult {
  const doc = parseDocument(raw);
  const error = doc.errors[0];
  if (error) {
    // YAML counts from the front matter's first line; the reader counts from the file's, one above
    // (the opening `---`). The message's own position is replaced by the file's.
    const [line, column] = error.linePos?.[0] ? [error.linePos[0].line + 1, error.linePos[0].col] : [null, null];
    const message = firstLine(error.message).replace(/\s+at line \d+, column \d+:?$/, '');
    const hint = error.code === 'BLOCK_AS_IMPLICIT_KEY' ? quotingHint(raw, error.linePos?.[0]?.line) : '';
    return { ok: false, reason: `invalid front matter YAML${line ? ` at line ${line}, column ${column}` : ''}: ${message}${hint}` };
  }
  const value: unknown = doc.toJS();
  if (value === null || value === undefined) return { ok: true, data: { tags: [], sidebarPosition: null }, warnings: [] };
  if (typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, reason: 'invalid front matter: expected a mapping of keys to values' };
  }
  const { data, warnings } = frontMatterFields(value as Record<string, unknown>);
  return { ok: true, data, warnings };
}

/**
 * The fields the ingester uses, from front matter already read into keys and values (YAML here,
 * TOML in toml-front-matter.ts), each checked as Docusaurus would: a wrongly typed field is
 * dropped with a warning.
 *
 * @example
 * frontMatterFields({ title: 'Intro', draft: true }); // { data: { title: 'Intro', draft: true, tags: [], sidebarPosition: null }, warnings: [] }
 */
export function frontMatterFields(fm: Record<string, unknown>): { data: DocFrontMatter; warnings: string[] } {
  const warnings: string[] = [];
  const data: DocFrontMatter = { tags: normaliseTags(fm.tags, warnings), sidebarPosition: null };

  const title = scalarString(fm.title, 'title', warnings);
  if (title) data.title = title;
  const chapter = scalarString(fm.chapter, 'chapter', warnings);
  if (chapter) data.chapter = chapter;
  const slug = scalarString(fm.slug, 'slug', warnings);
  if (slug) data.slug = slug;
  const id = scalarString(fm.id, 'id', warnings);
  // Docusaurus rejects ids containing "/"; ignoring it keeps the file-name route.
  if (id && id.includes('/')) warnings.push('front matter `id` must not contain "/": ignored');
  else if (id) data.id = id;

  if (fm.draft === true) data.draft = true;
  const position = fm.sidebar_position;
  if (typeof position === 'number' && Number.isFinite(position)) data.sidebarPosition = position;
  else if (typeof position === 'string' && position.trim() !== '' && Number.isFinite(Number(position))) {
    data.sidebarPosition = Number(position);
  } else if (position !== undefined && position !== null) {
    warnings.push('front matter `sidebar_position` is not a number: ignored');
  }
  return { data, warnings };
}

/**
 * The usual cause of YAML's "Nested mappings are not allowed in compact mappings": a title with a
 * colon in it (`title: Renting a Home: A Tenant's Guide`), which YAML reads as a key inside a value.
 * The message names neither the cause nor the fix, so the line is shown as it should be written.
 */
function quotingHint(raw: string, yamlLine: number | undefined): string {
  const text = yamlLine ? raw.split(/\r?\n/)[yamlLine - 1] : undefined;
  const field = text ? /^([\w-]+):[ \t]+(\S.*?)[ \t]*$/.exec(text) : null;
  return field ? ` (a value holding ": " needs quotes: ${field[1]}: ${JSON.stringify(field[2])})` : '';
}

function firstLine(message: string): string {
  return (message.split('\n')[0] ?? message).trim();
}

function scalarString(value: unknown, field: string, warnings: string[]): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  warnings.push(`front matter \`${field}\` is not a string: ignored`);
  return undefined;
}

/** Docusaurus tags are strings (or keys of tags.yml) or `{label, permalink}` objects. */
function normaliseTags(value: unknown, warnings: string[]): string[] {
  if (value === undefined || value === null) return [];
  const items = Array.isArray(value) ? value : [value];
  const out: string[] = [];
  for (const item of items) {
    let label: string | undefined;
    if (typeof item === 'string' || typeof item === 'number') label = String(item).trim();
    else if (item && typeof item === 'object' && typeof (item as { label?: unknown }).label === 'string') {
      label = ((item as { label: string }).label).trim();
    } else {
      warnings.push('front matter `tags` has an entry that is neither a string nor {label}: ignored');
    }
    if (label && !out.includes(label)) out.push(label);
  }
  return out;
}
