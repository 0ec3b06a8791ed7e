import { describe, expect, it } from 'vitest';
import { leadingWords } from '../../lib/inspect/shellWords.js';

const vars = new Map([
  ['HOOKSTREAM_PROJECT_DIR', '/proj'],
  ['HOME', '/home/u'],
]);
const words = (command: string) => leadingWords(command, vars, '/home/u');

describe('leadingWords', () => {
  it('splits on blanks and stops at the first operator or comment', () => {
    expect(words('./a.sh  --x y; rm -rf /')).toEqual(['./a.sh', '--x', 'y']);
    expect(words('cat >/dev/null')).toEqual(['cat']);
    expect(words('a | b')).toEqual(['a']);
    expect(words('a && b')).toEqual(['a']);
    expect(words('a # comment')).toEqual(['a']);
    expect(words('')).toEqual([]);
  });

  it('joins quoted parts and keeps quoted blanks and operators', () => {
    expect(words(`'my dir/x.sh' "a;b" c\\ d`)).toEqual(['my dir/x.sh', 'a;b', 'c d']);
    expect(words(`"it's"`)).toEqual(["it's"]);
  });

  it('expands ~ and the known variables, outside single quotes only', () => {
    expect(words('~/bin/h.sh ~')).toEqual(['/home/u/bin/h.sh', '/home/u']);
    expect(words('"$HOOKSTREAM_PROJECT_DIR/h.sh" ${HOME}/x')).toEqual(['/proj/h.sh', '/home/u/x']);
    expect(words(`'$HOME/x' "~/y"`)).toEqual(['$HOME/x', '~/y']);
  });

  it('gives undefined for words only a running shell could know', () => {
    expect(words('$UNKNOWN/h.sh ok')).toEqual([undefined, 'ok']);
    expect(words('$(pwd)/h.sh `pwd`/x *.sh')).toEqual([undefined, undefined, undefined]);
    expect(words('$(dirname $(pwd))/h.sh next')).toEqual([undefined, 'next']);
  });

  it('reads at most `limit` words', () => {
    expect(leadingWords('a b c d', vars, '/home/u', 2)).toEqual(['a', 'b']);
  });
});
