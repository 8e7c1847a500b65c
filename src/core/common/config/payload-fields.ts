/**
 * Maps the API's result fields to payload keys. Existing ingestion pipelines name the same thing
 * differently (`text` / `content` / `page_content`, `section` / `section_title` / `heading`, …),
 * so each field has an ordered list of candidates; `PAYLOAD_FIELDS` puts the user's choice first.
 */
import { RetrieverError } from '../errors';

/** The result fields that come from the payload. */
export const MAPPED_FIELDS = ['content', 'source_url', 'section_url', 'chapter', 'section', 'title', 'chunk_index', 'chunk_id', 'module', 'module_title'] as const;

export type MappedField = (typeof MAPPED_FIELDS)[number];
export type PayloadFieldMap = Readonly<Record<MappedField, readonly string[]>>;

/** Auto-detection order, from the payload shapes of public pipelines (GUIDE.md §3). */
export const DEFAULT_PAYLOAD_FIELDS: PayloadFieldMap = {
  content: ['content', 'text', 'page_content', 'chunk_text', 'body'],
  source_url: ['source_url', 'url', 'source'],
  section_url: ['section_url'],
  chapter: ['chapter', 'chapter_title'],
  section: ['section', 'section_title', 'heading'],
  title: ['title', 'page_title', 'document_title'],
  chunk_index: ['chunk_index', 'position', 'index'],
  chunk_id: ['chunk_id', 'id'],
  module: ['module'],
  module_title: ['module_title'],
};

/**
 * Parses `PAYLOAD_FIELDS` ("content=page_content,section=heading") on top of the defaults.
 *
 * @example
 * parsePayloadFields('content=page_content').content; // ['page_content', 'content', 'text', …]
 */
export function parsePayloadFields(spec: string | undefined): PayloadFieldMap {
  const map = {} as Record<MappedField, string[]>;
  for (const field of MAPPED_FIELDS) map[field] = [...DEFAULT_PAYLOAD_FIELDS[field]];
  if (!spec) return map;
  for (const pair of spec.split(',').map((part) => part.trim()).filter(Boolean)) {
    const [field, key] = pair.split('=').map((side) => side.trim());
    if (!field || !key || !isMappedField(field)) {
      throw new RetrieverError(
        'config_error',
        `PAYLOAD_FIELDS entry "${pair}" must be field=payload_key with field one of ${MAPPED_FIELDS.join(', ')}`,
        { variables: ['PAYLOAD_FIELDS'] },
      );
    }
    map[field] = [key, ...map[field].filter((candidate) => candidate !== key)];
  }
  return map;
}

function isMappedField(name: string): name is MappedField {
  return (MAPPED_FIELDS as readonly string[]).includes(name);
}
