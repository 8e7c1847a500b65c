import { describe, expect, it } from 'vitest';
import { plainNames } from '../../../../src/core/build-time/ingest/plain-naming';

describe('plainNames (a name given without emphasis after "is called")', () => {
  it('reads the name after a copula and a naming verb, up to the clause end, without its article or quotes', () => {
    expect(plainNames('This kind of soap is called Castile soap.')).toEqual(['Castile soap']);
    expect(plainNames('This process is called grammaticalisation; it is slow.')).toEqual(['grammaticalisation']);
    expect(plainNames('The amount lent out is called the “loan amount”, or principal.')).toEqual(['loan amount']);
    expect(plainNames('Executable text files are also called scripts.')).toEqual(['scripts']);
    expect(plainNames('The points are known as the Equinoxes')).toEqual(['Equinoxes']);
  });

  it('reads no name that holds a function word or an adverb, none after "named", none without a copula, none past four words', () => {
    expect(plainNames('The interpreter is called to run it.')).toEqual([]);
    expect(plainNames('The function is called recursively.')).toEqual([]);
    expect(plainNames('Assets are called Securities by KMyMoney.')).toEqual([]);
    expect(plainNames('Air masses are named with two letters.')).toEqual([]);
    expect(plainNames('They used a process called annotation.')).toEqual([]);
    expect(plainNames('It is called the big old red brick house.')).toEqual([]);
  });

  it('leaves an emphasised name to the emphasis rule', () => {
    expect(plainNames('Molten rock underground is called **magma**.')).toEqual([]);
  });
});
