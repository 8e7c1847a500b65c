import { describe, expect, it } from 'vitest';
import { parseFrontMatter } from '../../../../src/core/build-time/ingest/front-matter';

describe('parseFrontMatter', () => {
  it('accepts empty front matter', () => {
    expect(parseFrontMatter('')).toEqual({ ok: true, data: { tags: [], sidebarPosition: null }, warnings: [] });
  });

  it('reads title, id, slug, chapter and sidebar_position', () => {
    const result = parseFrontMatter('title: "Module 1: ROS 2"\nid: arch\nslug: /x\nchapter: 3\nsidebar_position: 2.5');
    expect(result).toEqual({
      ok: true,
      data: { title: 'Module 1: ROS 2', id: 'arch', slug: '/x', chapter: '3', tags: [], sidebarPosition: 2.5 },
      warnings: [],
    });
  });

  it('normalises tags given as strings, objects with a label, or a single string', () => {
    const flow = parseFrontMatter('tags: [ros2, {label: Launch Files, permalink: /launch}, ros2]');
    expect(flow.ok && flow.data.tags).toEqual(['ros2', 'Launch Files']);
    const block = parseFrontMatter('tags:\n  - label: QoS\n  - dds\n  - 42');
    expect(block.ok && block.data.tags).toEqual(['QoS', 'dds', '42']);
    const single = parseFrontMatter('tags: solo');
    expect(single.ok && single.data.tags).toEqual(['solo']);
  });

  it('accepts a numeric-string sidebar_position and drops other types with a warning', () => {
    const numeric = parseFrontMatter("sidebar_position: '3'");
    expect(numeric.ok && numeric.data.sidebarPosition).toBe(3);
    const bad = parseFrontMatter('sidebar_position: first\ntitle: [a, b]');
    expect(bad.ok).toBe(true);
    if (bad.ok) {
      expect(bad.data.sidebarPosition).toBeNull();
      expect(bad.data.title).toBeUndefined();
      expect(bad.warnings).toHaveLength(2);
    }
  });

  it('ignores an id containing "/" (Docusaurus forbids it)', () => {
    const result = parseFrontMatter('id: a/b');
    expect(result.ok && result.data.id).toBeUndefined();
    expect(result.ok && result.warnings[0]).toMatch(/id/);
  });

  it.each([
    ['unclosed flow sequence', 'title: [oops\nid: x'],
    ['bad indentation', 'title: a\n  - b: c\n d'],
    ['duplicate keys', 'title: a\ntitle: b'],
    ['a list instead of a mapping', '- a\n- b'],
    ['a bare scalar', 'just text'],
  ])('reports %s as invalid', (_label, raw) => {
    const result = parseFrontMatter(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/invalid front matter/);
  });
});

describe('parseFrontMatter: where the YAML is broken', () => {
  it('names the line and column in the file (one below the YAML count, for the opening ---), once', () => {
    const result = parseFrontMatter('title: A\ntags: [a, b');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.reason).toMatch(/^invalid front matter YAML at line 3, column \d+: /);
      expect(result.reason).not.toMatch(/at line \d+, column \d+:?$/);
    }
  });

  it('shows how to quote a value holding ": ", the usual cause of "Nested mappings are not allowed"', () => {
    const result = parseFrontMatter('title: Renting a Home: A Tenant\'s Guide\nsidebar_position: 1');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.reason).toMatch(/^invalid front matter YAML at line 2, column 8: Nested mappings/);
      expect(result.reason).toContain('(a value holding ": " needs quotes: title: "Renting a Home: A Tenant\'s Guide")');
    }
    const other = parseFrontMatter('title: A\ntags: [a, b');
    expect(!other.ok && other.reason).not.toContain('needs quotes');
  });
});
