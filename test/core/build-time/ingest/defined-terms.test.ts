import { describe, expect, it } from 'vitest';
import { definedTerms, headingTerms } from '../../../../src/core/build-time/ingest/defined-terms';

describe('definedTerms (what a chunk defines)', () => {
  it("heading terms: the chunk's own heading, not the page title", () => {
    expect(headingTerms('Gaskets and seals', 'Pump maintenance')).toEqual(['gasket', 'seal']);
    expect(headingTerms('Pump maintenance', 'Pump maintenance')).toEqual([]);
    expect(headingTerms(null, 'Pump maintenance')).toEqual([]);
    expect(definedTerms('## Gaskets and seals\n\nThey wear out.')).toEqual([]);
  });

  it('finds a bold or italic term in a defining sentence', () => {
    expect(definedTerms('A **valve** is a device that regulates flow.')).toEqual(['valv']);
    expect(definedTerms('The outer ring is called the *stator*, and it never moves.')).toContain('stator');
    expect(definedTerms('Its **impeller** (the rotating part) is made of bronze.')).toEqual(['impel']);
  });

  it('finds glossary items: "- **Term**: …", "**Term:** …", "**Term** — …"', () => {
    const glossary = ['- **Head**: the height the pump lifts water.', '**Priming:** filling the casing first.', '**Cavitation** — bubbles that collapse.'].join('\n');
    expect(definedTerms(glossary).sort()).toEqual(['cavit', 'head', 'prime'].sort());
  });

  it('finds a sentence that opens with its subject and a copula', () => {
    expect(definedTerms('Anti-windup is a technique that stops the integrator from growing.')).toEqual(['anti', 'windup']);
  });

  it('ignores emphasis that does not define, code blocks and tables', () => {
    const text = ['Do **not** open the casing while it runs.', '```', 'A valve is a comment in code', '```', '| A pump is a table cell |'].join('\n');
    expect(definedTerms(text)).toEqual([]);
  });
});
