/**
 * The `if` view (text as written) and the trust view (values) are two projections of one reading: on any
 * bash-like line they list the same simple commands in the same order, with the same program names wherever
 * both can tell them; where the `if` view cannot read a line, the trust view stops instead of pinning.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanCommands } from '../../lib/inspect/shellWords.js';
import { splitSimpleCommands } from '../../lib/inspect/simpleCommands.js';

/** Tokens without substitutions, whose commands only the `if` view lists (it lists them before their command). */
const TOKENS = [
  ...["'", '"', '\\', '${', '}', "$'", '$"', '<<EOF\n', '\nEOF\n', '<<-X ', '<<<', '~', '~/x', '*', '?', '[', ']'],
  ...['[[', ']]', '$X', '$$', '$@', '#', '=', 'A=1 ', 'B[1]=2 ', '2>&1', '&>', ';', ';;', '&&', '||', '|', '|&'],
  ...['&', '(', ')', '<', '>', '>>', ' ', '\t', '\n', '\\\n', '\r', '\u00a0', 'a', 'rm ', '/bin/rm ', 'x.sh'],
  ...['if ', 'then ', 'elif ', 'else ', 'fi', 'for x in ', 'do ', 'done', 'while ', 'function f ', 'f() ', '{ ', ' }'],
  ...['!', 'time ', 'case ', 'esac', 'select ', 'coproc ', 'cd ', 'echo '],
];
/** Plain words weigh more, so that most lines read as several commands. */
const token = fc.oneof(
  { arbitrary: fc.constantFrom(...TOKENS), weight: 2 },
  { arbitrary: fc.constantFrom('a ', 'rm ', 'x.sh ', 'echo ', ' && ', '; ', ' | '), weight: 1 },
);
const bashLike = fc.array(token, { maxLength: 40 }).map((parts) => parts.join(''));

describe('the if view and the trust view of one reading', () => {
  it('agree on the simple commands, their order and their words wherever both can read them', () => {
    fc.assert(
      fc.property(bashLike, (text) => {
        const written = splitSimpleCommands(text);
        // `~` as home keeps a tilde as written, so both views spell every word alike.
        const valued = scanCommands(text, new Map(), '~', 1000);
        if (!written.ok) {
          expect(valued.stoppedAt).toBeDefined();
          return;
        }
        if (valued.stoppedAt === undefined) expect(valued.commands.length).toBe(written.commands.length);
        expect(valued.commands.length).toBeLessThanOrEqual(written.commands.length);
        valued.commands.forEach((command, index) => {
          const simple = written.commands[index];
          const words = simple === undefined ? [] : [...simple.assignments, ...simple.words];
          // The trust view keeps the words before where it stopped.
          if (index < valued.commands.length - 1 || valued.stoppedAt === undefined) {
            expect(command.words.length).toBe(words.length);
          }
          command.words.forEach((value, at) => {
            const word = words[at];
            if (value !== undefined && word !== undefined && !word.dynamic) expect(value).toBe(word.text);
          });
        });
      }),
      { numRuns: 1000 },
    );
  });

  it('read the examples each view was written for alike', () => {
    const both = (text: string) => {
      const written = splitSimpleCommands(text);
      if (!written.ok) throw new Error(written.reason);
      return {
        written: written.commands.map((simple) => simple.words.map((word) => word.text).join(' ')),
        valued: scanCommands(text, new Map([['D', '/d']]), '/home/u').commands.map((command) => command.words),
      };
    };
    expect(both('cd ~ && D=1 ./run.sh "$D" > log; [[ -e x && y ]] && z')).toEqual({
      written: ['cd ~', './run.sh $D', 'z'],
      valued: [['cd', '/home/u'], ['D=1', './run.sh', '/d'], ['z']],
    });
    expect(both("if a; then b *.sh; fi; $'c\\td'")).toEqual({
      written: ['a', 'b *.sh', 'c\td'],
      valued: [['a'], ['b', undefined], ['c\td']],
    });
  });

  it('the trust view says which command substitutions it does not follow', () => {
    const scan = scanCommands('echo "$(./x.sh)" `y` && ./z', new Map(), '/home/u');
    expect(scan.commands.map((command) => command.words)).toEqual([['echo', undefined, undefined], ['./z']]);
    expect(scan.substitutions).toEqual(['$(./x.sh)', '`y`']);
    const loop = scanCommands('for f in $(ls); do echo > "$(mktemp)"; done', new Map(), '/home/u');
    expect(loop.substitutions).toEqual(['$(ls)', '$(mktemp)']);
  });
});
