/**
 * `.dev.vars.example` is where a developer learns the configuration: every variable the Worker
 * reads is in it (set, or commented out), and nothing it lists is unknown to the schema.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configSchema } from '../../../../src/core/common/config/config-schema';
import { MAPPED_FIELDS } from '../../../../src/core/common/config/payload-fields';

const listed = [...readFileSync('.dev.vars.example', 'utf8').matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!);

describe('.dev.vars.example', () => {
  it('lists every configuration variable', () => {
    const missing = Object.keys(configSchema.shape).filter((name) => !listed.includes(name));
    expect(missing).toEqual([]);
  });

  it('lists nothing the configuration does not read', () => {
    expect(listed.filter((name) => !(name in configSchema.shape))).toEqual([]);
  });

  it('names every field PAYLOAD_FIELDS maps, as its error message does, and no other', () => {
    // The list in the comment above `PAYLOAD_FIELDS=`: "… where field is one of\n# content, …, module."
    const text = readFileSync('.dev.vars.example', 'utf8').replace(/\n# ?/g, ' ');
    const list = /field is one of ([^.]*)\.\s*PAYLOAD_FIELDS=/.exec(text)?.[1] ?? '';
    const fields = list.split(',').map((name) => name.trim());
    expect(fields).toEqual([...MAPPED_FIELDS]);
  });
});
