import { describe, expect, it } from 'vitest';
import { readBudget } from '../../lib/inspect/readBudget.js';
import { leadingWords, scanCommands } from '../../lib/inspect/shellWords.js';

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

describe('scanCommands', () => {
  const scan = (command: string) => scanCommands(command, vars, '/home/u');
  const commands = (command: string) => scan(command).commands.map((simple) => simple.words);

  it('splits lists and pipelines into simple commands, leaving redirections out', () => {
    expect(commands('a 1 && b || c; d | e |& f & g\nh')).toEqual([
      ['a', '1'],
      ['b'],
      ['c'],
      ['d'],
      ['e'],
      ['f'],
      ['g'],
      ['h'],
    ]);
    expect(commands('./run.sh > log 2>&1 < in; cat <<< word >> out &> all')).toEqual([['./run.sh'], ['cat']]);
    expect(commands('a # comment ; b\nc')).toEqual([['a'], ['c']]);
  });

  it('follows if/while/for bodies, marks them conditional, and skips test brackets and for headers', () => {
    expect(scan('if a; then b; elif c; else d; fi; e')).toEqual({
      commands: [
        { words: ['a'], conditional: true },
        { words: ['b'], conditional: true },
        { words: ['c'], conditional: true },
        { words: ['d'], conditional: true },
        { words: ['e'], conditional: false },
      ],
    });
    expect(commands('for f in x y; do g "$f"; done')).toEqual([['g', undefined]]);
    expect(commands('while read l; do h; done')).toEqual([['read', 'l'], ['h']]);
    expect(commands('[[ -e x && y ]] && z; { a; }; ! b; time c')).toEqual([['z'], ['a'], ['b'], ['c']]);
    expect(commands('[ -e x ] && y')).toEqual([['[', '-e', 'x', ']'], ['y']]);
  });

  it('stops at syntax it does not follow, saying where', () => {
    expect(scan('a; (b; c)')).toEqual({ commands: [{ words: ['a'], conditional: false }], stoppedAt: '"(b; c)"' });
    expect(scan('case x in y) z;; esac').stoppedAt).toBe('"case x in y) z;; esac"');
    expect(scan('cat <<EOF\nbody\nEOF').stoppedAt).toBe('"<<EOF"');
    expect(scan('diff <(a) b').stoppedAt).toBe('"<(a) b"');
    expect(scan('f() { x; }').stoppedAt).toBe('"() { x; }"');
  });

  it('marks globs unknown but not a lone [', () => {
    expect(commands('ls *.sh [ab].txt [')).toEqual([['ls', undefined, undefined, '[']]);
  });

  it('treats only space and tab as blanks: \\r, no-break and other Unicode blanks are word characters', () => {
    expect(commands('./a.sh\r')).toEqual([['./a.sh\r']]);
    expect(commands('a\rb c\u00a0d\v\f\u2000\u200a\u3000\ufeff e\u0001')).toEqual([
      ['a\rb', 'c\u00a0d\v\f\u2000\u200a\u3000\ufeff', 'e\u0001'],
    ]);
    expect(words('~\r x')).toEqual(['~\r', 'x']);
    expect(words('a\r\r\r')).toEqual(['a\r\r\r']);
  });

  it('stops with a reason when the read budget is spent, keeping what it read', () => {
    const long = scanCommands('a; b; ' + 'c '.repeat(100), vars, '/home/u', 32, readBudget(100_000, 20));
    expect(long.commands.map((simple) => simple.words)).toEqual([['a'], ['b']]);
    expect(long.stoppedAt).toBe('"c c c c c c c c c c c c "');
    expect(long.reason).toMatch(/words budget/);
    expect(scanCommands('x'.repeat(500), vars, '/home/u', 32, readBudget(100)).reason).toMatch(/steps budget/);
    expect(leadingWords('a b ' + 'c'.repeat(500), vars, '/home/u', 8, readBudget(100))).toEqual(['a', 'b', undefined]);
  });
});
