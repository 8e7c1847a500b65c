import { describe, expect, it } from 'vitest';
import { markedSpans } from '../../../src/web/shared/plain-words';

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
