/** How a line of markdown reads in a preview: the demo page, the widget and the CLI share these functions. */
import { describe, expect, it } from 'vitest';
import { bodyText, cutAtWord, inlinePlain, labelledRow, linesPlain, plainBlocks } from '../../src/client/inline-plain';
import { expectLinearGrowth } from '../support/linear-growth';

describe('inlinePlain', () => {
  it('leaves a footnote mark out without leaving two spaces where it stood', () => {
    expect(inlinePlain('the mill [^2] was built in 1771')).toBe('the mill was built in 1771');
    expect(inlinePlain('the mill [^note-a], then')).toBe('the mill, then');
    expect(inlinePlain('witnessed the massacre.[^1] Then')).toBe('witnessed the massacre. Then');
    expect(inlinePlain("[^1]: Shelley's poem")).toBe("Shelley's poem");
  });

  it('keeps a bracket that is not a footnote, and a mark inside code, as written', () => {
    expect(inlinePlain('a mark [^0] outside code, `x [^1]` inside')).toBe('a mark outside code, x [^1] inside');
    expect(inlinePlain('see [1] and [a]')).toBe('see [1] and [a]');
  });

  it('reads a backslash escape as its character, never as markup, and leaves code and other backslashes as written', () => {
    expect(inlinePlain('choose File-\\>Open and \\#f')).toBe('choose File->Open and #f');
    expect(inlinePlain('files (\\*.cap, \\*.enc) and \\[4\\] and \\*not italic\\*')).toBe('files (*.cap, *.enc) and [4] and *not italic*');
    expect(inlinePlain('list.pop(\\[*i*\\]) and "2\\"" seconds')).toBe('list.pop([i]) and "2"" seconds');
    expect(inlinePlain('the \\`Sound\' tab and `a\\*b`')).toBe("the `Sound' tab and a\\*b");
    expect(inlinePlain('C:\\Users and a line \\')).toBe('C:\\Users and a line \\');
    // An escaped backslash escapes nothing after it: the backtick opens a code span.
    expect(inlinePlain('a share is \\\\`host` or \\\\\\`x`')).toBe('a share is \\host or \\`x`');
  });

  it("reads a link as its label whatever its target holds: paired parentheses, an <…> target, a title in single quotes", () => {
    expect(inlinePlain('See [Foo](https://en.wikipedia.org/wiki/Foo_(bar)) now.')).toBe('See Foo now.');
    expect(inlinePlain('Read [the notes](<my notes.md>) first.')).toBe('Read the notes first.');
    expect(inlinePlain("A [link](a.md 'Title') and ![a photo](p.png (Photo)) here.")).toBe('A link and a photo here.');
    // An unpaired parenthesis in prose after a link is prose.
    expect(inlinePlain('See [it](a.md)) (twice).')).toBe('See it) (twice).');
  });

  it('reads a long run of spaces in one pass: after a link\'s "](", and before no footnote mark', () => {
    // Each took about a minute at 200,000 spaces: the spaces before a target, before its title and
    // before ")" could split one run every way, and a footnote mark's leading spaces were tried from
    // every space of the run. A preview without a highlight reads a whole chunk.
    const spaces = ' '.repeat(200_000);
    expect(inlinePlain(`See [it](${spaces}x`)).toBe(`See [it](${spaces}x`);
    expect(inlinePlain(`See [it](${spaces}) now`)).toBe('See it now');
    expect(inlinePlain(`a${spaces}b`)).toBe(`a${spaces}b`);
    expect(inlinePlain(`the mill${spaces}[^2] was`)).toBe('the mill was');
  });

  it('drops bold asterisks inside a word, as a page shows them, but not underscores inside a word', () => {
    expect(inlinePlain('- **D**escriptions and **O**ccupations: *Ana es alta.*')).toBe('- Descriptions and Occupations: Ana es alta.');
    expect(inlinePlain('call snake__case__names and 2**n')).toBe('call snake__case__names and 2**n');
    expect(inlinePlain('a **bold** word and __this__ too')).toBe('a bold word and this too');
  });
});

describe('labelledRow', () => {
  const table = ['Profiles below.', '', '| Profile | Reliability | Durability |', '| :--- | --- | --- |', '| services_default | **Reliable** | Volatile |', '| sensor_data | Best effort | |', '', 'After.'].join('\n');
  const at = (line: string): [number, number] => [table.indexOf(line), table.indexOf('\n', table.indexOf(line))];

  it("reads a body row with its columns' names, leaving out empty cells", () => {
    expect(labelledRow(table, ...at('| services_default'))).toBe('Profile: services_default · Reliability: Reliable · Durability: Volatile');
    expect(labelledRow(table, ...at('| sensor_data'))).toBe('Profile: sensor_data · Reliability: Best effort');
  });

  it('is null for the header, the delimiter, prose, and a table whose header has another number of cells', () => {
    expect(labelledRow(table, ...at('| Profile'))).toBeNull();
    expect(labelledRow(table, ...at('| :---'))).toBeNull();
    expect(labelledRow(table, ...at('After.'))).toBeNull();
    expect(labelledRow('| a | b |\n|---|---|\n| 1 | 2 | 3 |', 20, 33)).toBeNull();
    expect(labelledRow('| 1 | 2 |\n| 3 | 4 |', 10, 19)).toBeNull(); // no header row
  });

  it('reads a row after a long run of blanks in linear time, and a delimiter with blanks still as one', () => {
    const blanks = ' '.repeat(50_000);
    expectLinearGrowth((n) => {
      const [rows, row] = [`| a | b |\n|---|---|\n${' '.repeat(n)}| x | y |`, `| a | b |\n|---|---|\n${' '.repeat(n)}| x |`];
      return () => [plainBlocks(rows), labelledRow(row, 20, n + 25)];
    }, 6_000);
    // A table line of blanks before its pipe: no delimiter row, and a row of its own.
    expect(plainBlocks(`| a | b |\n|---|---|\n${blanks}| x | y |`)).toContain('x');
    expect(labelledRow(`| a | b |\n|---|---|\n${blanks}| x |`, 20, 50_025)).toBeNull();
    expect(plainBlocks(`| a | b |\n|${blanks}-${blanks}|${blanks}:-:${blanks}|\n| 1 | 2 |`)).not.toContain('-');
  });

  it('reads a table written without its outer pipes as a piped one', () => {
    const pager = ['In the pager:', '', 'Key | Action', '--- | ---', 'space | scroll forward', 'b | scroll back one page', '', 'Press q.'].join('\n');
    const row = (line: string): string | null => labelledRow(pager, pager.indexOf(line), pager.indexOf(line) + line.length);
    expect(row('b | scroll back one page')).toBe('Key: b · Action: scroll back one page');
    expect(row('Key | Action')).toBeNull();
    expect(row('Press q.')).toBeNull();
    // Prose with a pipe over a rule is no table.
    const ruled = 'Type a | b here\n---\nthen c | d';
    expect(labelledRow(ruled, ruled.indexOf('then'), ruled.length)).toBeNull();
  });

  it('reads two neighbouring rows (a highlight may join them) each with the names, apart', () => {
    expect(labelledRow(table, at('| services_default')[0], at('| sensor_data')[1])).toBe(
      'Profile: services_default · Reliability: Reliable · Durability: Volatile / Profile: sensor_data · Reliability: Best effort',
    );
    // A row and the prose after it are no rows of one table.
    expect(labelledRow(table, at('| sensor_data')[0], table.length)).toBeNull();
  });

  it('names a column with an empty header by its cell alone', () => {
    const compared = '| | Mitosis | Meiosis |\n|---|---|---|\n| Cells made | 2 | 4 |';
    expect(labelledRow(compared, compared.indexOf('| Cells'), compared.length)).toBe('Cells made · Mitosis: 2 · Meiosis: 4');
  });
});

describe('bodyText', () => {
  it('drops every leading heading, a page title and its first section, and no heading after the text starts', () => {
    expect(bodyText('# Working safely\n\n## Turning off the power\n\nTest first.\n\n## Water\n\nThen.')).toBe('Test first.\n\n## Water\n\nThen.');
    expect(bodyText('## Only a heading')).toBe('');
    expect(bodyText(null)).toBe('');
    // An empty heading is a heading; the line under it is prose, not the heading's text.
    expect(bodyText('## Fuses\n#\nA fuse melts.')).toBe('A fuse melts.');
    expect(bodyText('#hashtag is prose')).toBe('#hashtag is prose');
  });
});

describe('plainBlocks', () => {
  it('reads a later heading as its words in a CRLF chunk too', () => {
    // Its line kept the \r, which `.` does not match: the heading's marks stayed ("### Declination").
    expect(plainBlocks('Catalogues use RA.\r\n### Declination (Dec) ##\r\nDec is…')).toBe('Catalogues use RA.\r\nDeclination (Dec)\nDec is…');
    expect(plainBlocks('| Object | Mag |\r\n|---|---|\r\n| Sun | −26.7 |\r', ' / ')).toBe('Object · Mag / Sun · −26.7');
  });

  it('reads no tab-indented line as a heading: a tab makes it code ("\t# comment" keeps its mark)', () => {
    expect(plainBlocks('Run it:\n\t# comment\n   ## Heading')).toBe('Run it:\n\t# comment\nHeading');
  });

  it('reads a table or code inside a quotation as it reads one outside (a callout box holding a table)', () => {
    expect(plainBlocks('> Note:\n> | Dose | Route |\n> |---|---|\n> | 5 mg | IV |', ' / ')).toBe('Note:\nDose · Route / 5 mg · IV');
    // A quoted fence's lines lose the quote's marks, never the code's own: an R prompt in plain code keeps its ">".
    expect(plainBlocks('> ```\n> # not a heading\n> ```\n```\n> x <- 1\n```')).toBe('```\n# not a heading\n```\n```\n> x <- 1\n```');
  });

  it('ends a heading with headingEnd, for a preview on one line, unless it ends a sentence', () => {
    expect(plainBlocks('Tighten to 5 Nm.\n## Bleeding brakes\n### Why bleed?\nAir.', ' / ', ':')).toBe('Tighten to 5 Nm.\nBleeding brakes:\nWhy bleed?\nAir.');
  });
});

describe('linesPlain', () => {
  it('reads a table row as its cells, an escaped pipe staying inside its cell as a pipe (in code too, as GFM reads it)', () => {
    expect(linesPlain('| RELIABLE | **BEST_EFFORT** |')).toBe('RELIABLE · BEST_EFFORT');
    expect(linesPlain('| `a \\| b` | a \\| b | c |')).toBe('a | b · a | b · c');
    // A row's last cell ending in an escaped pipe, the row without its closing pipe: the escape is the cell's.
    expect(linesPlain('| a | b \\|')).toBe('a · b |');
    const table = '| Op | Means |\n|---|---|\n| `a \\| b` | a \\| b |';
    expect(labelledRow(table, table.lastIndexOf('\n') + 1, table.length)).toBe('Op: a | b · Means: a | b');
  });

  it('drops a list item\'s marker, but keeps an ordered item\'s number when the next item\'s number follows it on the line', () => {
    expect(linesPlain('- a **cell wall** of cellulose')).toBe('a cell wall of cellulose');
    expect(linesPlain('3. Close the lid.')).toBe('Close the lid.');
    // The highlight keeps a later item's number (it says the order): the first one dropped read as
    // "…contain only honey. 6. Supers: shallower boxes", a step 6 after an unnumbered step.
    expect(linesPlain('5. **Queen excluder**: keeps the queen below. 6. **Supers**: boxes for honey.')).toBe('5. Queen excluder: keeps the queen below. 6. Supers: boxes for honey.');
    expect(linesPlain('2) Heat the wax. 3) Pour it.')).toBe('2) Heat the wax. 3) Pour it.');
    // Another number further on is no next item: a quantity, a step out of order, another delimiter.
    expect(linesPlain('1. Add 20 g. Wait 5 minutes.')).toBe('Add 20 g. Wait 5 minutes.');
    expect(linesPlain('1. Mix. 3. Stir.')).toBe('Mix. 3. Stir.');
    expect(linesPlain('1. Mix. 2) Stir.')).toBe('Mix. 2) Stir.');
  });
});

describe('cutAtWord', () => {
  it('cuts at the last whitespace within the limit, or at the limit when that whitespace lies in the first half', () => {
    expect(cutAtWord('The firm makes 4 trays. Using the bakery', 26)).toBe('The firm makes 4 trays.…');
    expect(cutAtWord('Row one\nrow two and more', 14)).toBe('Row one\nrow…');
    expect(cutAtWord('See https://example.org/a/very/long/path', 20)).toBe('See https://example.…');
    expect(cutAtWord('x'.repeat(40), 20)).toBe(`${'x'.repeat(20)}…`);
  });
});
