import { describe, expect, it } from 'vitest';
import { asksAState, mostlyFunctionWords, namesAStateOrRule } from '../../../../src/core/build-time/ingest/term-shape';
import { opensClause } from '../../../../src/core/build-time/ingest/pointing-subject';

describe('term shapes that name no term', () => {
  it('asksAState: a "who" question about a bare lower-case word asks who is in a state', () => {
    expect(asksAState('Who is responsible?')).toBe(true);
    expect(asksAState('Who is eligible for a refund?')).toBe(true);
    expect(asksAState('Who is Ada Lovelace?')).toBe(false);
    expect(asksAState('Who are the stakeholders?')).toBe(false);
    expect(asksAState('What is responsible for the noise?')).toBe(false);
  });

  it('mostlyFunctionWords: more than half of the words are dropped by the analyser', () => {
    expect(mostlyFunctionWords('Down the line')).toBe(true);
    expect(mostlyFunctionWords('How to tell')).toBe(true);
    expect(mostlyFunctionWords('crossing over')).toBe(false);
    expect(mostlyFunctionWords('rule of thirds')).toBe(false);
    expect(mostlyFunctionWords('A — Accountable')).toBe(false);
    expect(mostlyFunctionWords('VE / VEC')).toBe(false);
    expect(mostlyFunctionWords('How-to guides')).toBe(false);
  });

  it('namesAStateOrRule: a degree word before an adjective, or a verb and its object, is a label', () => {
    expect(namesAStateOrRule('Too small')).toBe(true);
    expect(namesAStateOrRule('Too dry')).toBe(true);
    expect(namesAStateOrRule('Too much nitrogen')).toBe(true);
    expect(namesAStateOrRule('Not enough nitrogen')).toBe(true);
    expect(namesAStateOrRule('Tell someone your plan')).toBe(true);
    expect(namesAStateOrRule('Create a Layer Group')).toBe(true);
    expect(namesAStateOrRule('Very high frequency')).toBe(false);
    expect(namesAStateOrRule('NOT gate')).toBe(false);
    expect(namesAStateOrRule('Rule of the road')).toBe(false);
    expect(namesAStateOrRule('Cold weather')).toBe(false);
    expect(namesAStateOrRule('Sea kayak')).toBe(false);
  });

  it('namesAStateOrRule reads a determiner after a preposition as part of the name, with the same prepositions as a copula\'s subject (opensClause)', () => {
    for (const name of ['Life after the war', 'Light behind the glass', 'Battle against the odds', 'Rule of the road']) {
      expect(namesAStateOrRule(name)).toBe(false);
      expect(opensClause(name)).toBe(false);
    }
  });
});
