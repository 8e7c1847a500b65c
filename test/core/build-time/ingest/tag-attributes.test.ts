import { describe, expect, it } from 'vitest';
import { attributeMap, openingTagLine } from '../../../../src/core/build-time/ingest/tag-attributes';

describe('openingTagLine and attributeMap', () => {
  it('matches a line holding only an opening tag of the named components, with its attributes', () => {
    const tab = openingTagLine('TabItem|Tab');
    expect(tab.exec('  <TabItem value="py" label=\'Python\' default>')![1]).toBe(' value="py" label=\'Python\' default');
    expect(tab.test('<Tab title="npm">')).toBe(true);
    // Another component, text after the tag, a closing or self-closing tag, a `{…}` value: no match.
    for (const line of ['<Tabs>', '<TabItem value="py">Text', '</TabItem>', '<TabItem value="py" />', '<TabItem value={x}>']) expect(tab.test(line)).toBe(false);
  });

  it('reads quoted attributes by name, values trimmed, bare ones left out', () => {
    expect([...attributeMap(` type="tip" title=' Start small ' collapsible`)]).toEqual([
      ['type', 'tip'],
      ['title', 'Start small'],
    ]);
  });
});
