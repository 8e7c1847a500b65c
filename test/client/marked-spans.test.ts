/** Where the words a search matched stand in a line: the page's marks and the CLI's preview focus. */
import { describe, expect, it } from 'vitest';
import { markedSpans } from '../../src/client/marked-spans';

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

  it('marks a term joined by hyphens whole, never inside a longer run', () => {
    expect(marked('Castling: O-O for kingside, O-O-O for queenside.', ['o-o'])).toEqual(['O-O']);
    expect(markedSpans('Castling: O-O for kingside, O-O-O for queenside.', ['o-o', 'o-o-o'])).toEqual([[10, 13], [28, 33]]);
  });

  it('marks a word after a move number\u2019s point ("6.O-O", "1.e4"), still not a digit inside a number', () => {
    expect(marked('5.d3 d6 6.O-O O-O 7.Re1', ['o-o'])).toEqual(['O-O', 'O-O']);
    expect(marked('1.e4 e5 2.Nf3', ['e4', 'nf3'])).toEqual(['e4', 'Nf3']);
    expect(marked('version 2.1, step 1.', ['1'])).toEqual(['1']);
  });

  it('escapes terms, and marks nothing without terms', () => {
    expect(marked('C++ and C', ['c++'])).toEqual(['C++']);
    expect(markedSpans('text', [])).toEqual([]);
  });
});
