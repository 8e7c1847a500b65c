import { describe, expect, it } from 'vitest';
import { openCompounds } from '../../../../src/core/build-time/ingest/open-compounds';

describe('openCompounds', () => {
  it('reads each distinct pair of adjacent words, lowercased and closed up', () => {
    expect(openCompounds('A Hair Dryer: a web  site; a hair dryer.')).toEqual([
      { closed: 'hairdryer', open: 'hair dryer', parts: ['hair', 'dryer'] },
      { closed: 'website', open: 'web site', parts: ['web', 'site'] },
    ]);
  });

  it('reads no pair across a line, a comma or a hyphen, nor one with a stopword or a part under three letters', () => {
    expect(openCompounds('hair\ndryer, web-site; set up; ox cart; the dryer')).toEqual([]);
  });
});
