import { describe, expect, it } from 'vitest';
import { copulaSubject } from '../../../../src/core/build-time/ingest/copula-subject';

describe('copulaSubject (the term a sentence opening with its subject and a copula defines)', () => {
  it('reads the subject before the copula', () => {
    expect(copulaSubject('Docker is a container runtime.')).toBe('Docker');
    expect(copulaSubject('An action is built from three services.')).toBe('action');
    expect(copulaSubject('This table is a summary.')).toBeNull();
  });

  it('reads the emphasised span alone when a preposition, an adverb or a function word follows it before the copula', () => {
    expect(copulaSubject('**Spongy bone** inside is a lattice of thin struts.')).toBe('Spongy bone');
    expect(copulaSubject('The **reference** of an expression is the thing it picks out.')).toBe('reference');
    expect(copulaSubject('**Sulfates** such as gypsum are used for plaster.')).toBe('Sulfates');
  });

  it('reads the whole subject when a noun follows the emphasised span, or a clause opens after it', () => {
    expect(copulaSubject('**Non-locking** carabiners are used on quickdraws.')).toBe('Non-locking carabiners');
    expect(copulaSubject('The **root** word is the part that carries the meaning.')).toBe('root word');
    expect(copulaSubject('**Spongy** bone is a lattice of thin struts.')).toBe('Spongy bone');
    // "that" makes the verb a clause's: the span is a label, not the term, and "there" opens the
    // clause's own subject, so the sentence defines nothing (opensClause).
    expect(copulaSubject('**Note** that there is a sign error.')).toBeNull();
  });

  it('reads no term in two things joined before "are", and one name in two joined before "is"', () => {
    expect(copulaSubject('Heat exhaustion and hypothermia are what happens when these responses fail.')).toBeNull();
    expect(copulaSubject('Stocks and mutual funds are the most common securities.')).toBeNull();
    expect(copulaSubject('The **minimum** and **maximum** values are used for design rule checking.')).toBeNull();
    expect(copulaSubject('Rock and roll is a genre of popular music.')).toBe('Rock and roll');
  });

  it('reads no term in a condition, a fronted phrase or a role ("If the mouse is …", "The classic example is …")', () => {
    expect(copulaSubject('If the mouse is an optical mouse, check the light.')).toBeNull();
    expect(copulaSubject('Either way the repair is a cheap part.')).toBeNull();
    expect(copulaSubject('The classic example is the **sea otter** on the Pacific coast.')).toBeNull();
    expect(copulaSubject('The usual causes in beginners are a grip that is too small.')).toBeNull();
    expect(copulaSubject('The luck of a roll is defined as the difference of equity.')).toBe('luck of a roll');
  });

  it('reads no term in a rule stated with "if" after a short complement ("A serve is a **fault** if:")', () => {
    expect(copulaSubject('A serve is a **fault** if:')).toBeNull();
    expect(copulaSubject('A move is a blunder if it loses equity.')).toBeNull();
    expect(copulaSubject('A move is a blunder unless it wins.')).toBeNull();
    // A longer complement is a definition's noun phrase, whatever condition follows it.
    expect(copulaSubject('An interrupt is a signal the hardware raises if needed.')).toBe('interrupt');
    expect(copulaSubject('A serve is a stroke that starts each point.')).toBe('serve');
  });

  it('reads no term where the complement judges the thing ("A pool is the best place …") or a rule holds "only when"', () => {
    expect(copulaSubject('A pool is the best place to practise the wet exit.')).toBeNull();
    expect(copulaSubject('Second-hand tanks are a good way to save money.')).toBeNull();
    expect(copulaSubject('A group of three is the minimum for open water.')).toBeNull();
    expect(copulaSubject('A capsize is a problem only when you cannot get back in.')).toBeNull();
    // The maximum as a noun phrase's head defines; a gerund's "fastest way" says what the activity is.
    expect(copulaSubject('`lhospitallim` is the maximum number of times the rule is used.')).toBe('lhospitallim');
    expect(copulaSubject('Throwing is the fastest way to make round pots.')).toBe('Throwing');
    expect(copulaSubject('Git is the standard tool for version control.')).toBe('Git');
  });
});
