import { describe, expect, it } from 'vitest';
import { glossaryTableNames } from '../../../../src/core/build-time/ingest/glossary-table';

describe('glossaryTableNames', () => {
  it('gives the name cells, as written, of a two-column table whose rows gloss names with words', () => {
    const table = '| Term | Meaning |\n|:---|---:|\n| **NPC** | Non-player character: anyone the GM plays. |\n| DC | 15 |';
    expect(glossaryTableNames(table)).toEqual(['**NPC**']);
    // The header row is no gloss, and a table whose delimiter row stands first has no header.
    expect(glossaryTableNames('| --- | --- |\n| NPC | Non-player character here. |')).toEqual([]);
  });

  it('opens the body at a delimiter row of one or two hyphens a cell, as GFM allows', () => {
    expect(glossaryTableNames('| Term | Meaning |\n|:-|--|\n| NPC | Non-player character: anyone. |')).toEqual(['NPC']);
    expect(glossaryTableNames('| Term | Meaning |\n| - | -: |\n| PC | The character a player runs. |')).toEqual(['PC']);
  });

  it('takes a name that opens with any letter, not only an ASCII one, and no number or symbol', () => {
    const table = '| Term | Meaning |\n| --- | --- |\n| Ångström | A tenth of a nanometre. |\n| Éclair | A long choux pastry. |\n| 3D | Three dimensions, as printed. |\n| ~ | Roughly, about, near. |';
    expect(glossaryTableNames(table)).toEqual(['Ångström', 'Éclair']);
  });

  it('keeps an escaped pipe inside its cell, as GFM does, so the row stays two columns', () => {
    const table = '| Term | Meaning |\n| --- | --- |\n| OR | The pipe `a \\| b` runs b when a fails. |\n| a \\| b | Either a or b, as a shell reads it. |';
    expect(glossaryTableNames(table)).toEqual(['OR', 'a \\| b']);
  });

  it("reads no term in a table of contents: a row without a link among linked rows is a part, not a term", () => {
    const contents = '| Part | What you will learn |\n|---|---|\n| [Rescues](./rescues.md) | The wet exit and the T rescue |\n| Tides and weather | Tides, tidal streams and forecasts |';
    expect(glossaryTableNames(contents)).toEqual([]);
    // The next table, with no link, is read on its own.
    expect(glossaryTableNames(`${contents}\n\n| Term | Meaning |\n| --- | --- |\n| Skeg | A fin that drops below the hull. |`)).toEqual(['Skeg']);
  });
});
