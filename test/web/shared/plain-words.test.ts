import { describe, expect, it } from 'vitest';
import { countInWords, markedSpans } from '../../../src/web/shared/plain-words';

const marked = (text: string, terms: string[]) => markedSpans(text, terms).map(([start, end]) => text.slice(start, end));

describe('markedSpans', () => {
  it('marks whole words in any case', () => {
    expect(marked('A Topic carries topics; topic.', ['topic'])).toEqual(['Topic', 'topic']);
  });

  it('does not mark a word inside an identifier, nor a digit inside a number', () => {
    expect(marked('robot_description names the robot', ['robot'])).toEqual(['robot']);
    expect(marked('adding 0.1 three times, 1,000 runs, step 1.', ['1'])).toEqual(['1']);
    expect(markedSpans('ROS 2 and ROS 2.0', ['2'])).toEqual([[4, 5]]);
  });

  it('escapes terms, and marks nothing without terms', () => {
    expect(marked('C++ and C', ['c++'])).toEqual(['C++']);
    expect(markedSpans('text', [])).toEqual([]);
  });
});

describe('countInWords', () => {
  it('gives the time the Worker measured', () => {
    expect(countInWords(3, 12.4)).toBe('3 results in 12 ms.');
    expect(countInWords(1, 2)).toBe('1 result in 2 ms.');
  });

  it('says no time when the Worker timed none (its clock stands still without I/O), rather than "0 ms"', () => {
    expect(countInWords(3, 0)).toBe('3 results.');
    expect(countInWords(0, 0.3)).toBe('0 results.');
    expect(countInWords(2, undefined)).toBe('2 results.');
  });
});
