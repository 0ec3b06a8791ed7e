import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitSimpleCommands, type SimpleCommand } from '../../lib/inspect/simpleCommands.js';

/** Each command as its words joined by spaces; assignments prefixed with `=>`. */
const lines = (command: string): string[] => {
  const result = splitSimpleCommands(command);
  if (!result.ok) throw new Error(`unparseable: ${result.reason}`);
  return result.commands.map((simple: SimpleCommand) =>
    [...simple.assignments.map((word) => `=>${word.text}`), ...simple.words.map((word) => word.text)].join(' '),
  );
};

const only = (command: string): SimpleCommand => {
  const result = splitSimpleCommands(command);
  if (!result.ok || result.commands.length !== 1) throw new Error(`expected one command in ${command}`);
  return result.commands[0] as SimpleCommand;
};

describe('splitSimpleCommands', () => {
  it.each([
    ['npm test && git push', ['npm test', 'git push']],
    ['a || b; c | d |& e & f', ['a', 'b', 'c', 'd', 'e', 'f']],
    ['a\nb', ['a', 'b']],
    ['(cd x; git push)', ['cd x', 'git push']],
    ['{ rm -rf x; }', ['rm -rf x']],
    ['if git diff --quiet; then rm x; elif y; else z; fi', ['git diff --quiet', 'rm x', 'y', 'z']],
    ['while read l; do echo "$l"; done < list', ['read l', 'echo $l']],
    ['for f in a b; do rm "$f"; done', ['rm $f']],
    ['! grep -q x file', ['grep -q x file']],
    ['f() { rm -rf /; }', ['rm -rf /']],
    ['function g { rm y; }', ['rm y']],
    ['ls # rm -rf /', ['ls']],
    ['[[ -e x && y ]] && z', ['z']],
  ])('splits %j', (command, expected) => {
    expect(lines(command)).toEqual(expected);
  });

  it('lists commands inside $( ), backticks and <( ) before the command holding them', () => {
    expect(lines('echo $(rm -rf /)')).toEqual(['rm -rf /', 'echo $(rm -rf /)']);
    expect(lines('echo `git push` done')).toEqual(['git push', 'echo `git push` done']);
    expect(lines('diff <(ls a) <(ls b)')).toEqual(['ls a', 'ls b', 'diff <(ls a) <(ls b)']);
    expect(lines('echo "$(date) and `whoami`"')).toEqual(['date', 'whoami', 'echo $(date) and `whoami`']);
    expect(lines('x=${y:-$(rm z)} true')).toEqual(['rm z', '=>x=${y:-$(rm z)} true']);
  });

  it('finds commands nested several levels deep, escapes in backticks undone', () => {
    expect(lines('a $(b $(c `d \\`e\\``))')).toEqual([
      'e',
      'd `e`',
      'c `d \\`e\\``',
      'b $(c `d \\`e\\``)',
      'a $(b $(c `d \\`e\\``))',
    ]);
  });

  it('takes leading assignments out of the words', () => {
    const simple = only('FOO=bar A[1]=x B+=y git push');
    expect(simple.assignments.map((word) => word.text)).toEqual(['FOO=bar', 'A[1]=x', 'B+=y']);
    expect(simple.words.map((word) => word.text)).toEqual(['git', 'push']);
    // A quoted name is no assignment, and an assignment after the program is an argument.
    expect(only('"FOO"=bar cmd').words.map((word) => word.text)).toEqual(['FOO=bar', 'cmd']);
    expect(only('env X=1 cmd').words.map((word) => word.text)).toEqual(['env', 'X=1', 'cmd']);
  });

  it('removes quotes and escapes, and keeps a quoted reserved word as a word', () => {
    expect(only(`printf '%s' "a b" c\\ d $'e\\tf'`).words.map((word) => word.text)).toEqual([
      'printf',
      '%s',
      'a b',
      'c d',
      'e\tf',
    ]);
    expect(only('"if" x').words.map((word) => word.text)).toEqual(['if', 'x']);
  });

  it('flags expansions as dynamic and leaves literal text static', () => {
    const result = splitSimpleCommands('rm $X "${Y}" $(z) `w` $((1+2)) "$" lit *.txt ~/a');
    if (!result.ok) throw new Error(result.reason);
    const flags = result.commands.at(-1)?.words.map((word) => word.dynamic);
    expect(flags).toEqual([false, true, true, true, true, true, false, false, false, false]);
  });

  it('drops redirections and descriptor numbers, but not the commands in their targets', () => {
    expect(lines('cmd 2>&1 >out <in >>log &>all 3<>rw >|x')).toEqual(['cmd']);
    expect(lines('cat <<<"$(id)" > "$(mktemp)"')).toEqual(['id', 'mktemp', 'cat']);
    expect(lines('echo 2 >f')).toEqual(['echo 2']);
  });

  it('reads here-document bodies as data, except the substitutions of an unquoted one', () => {
    expect(lines("cat <<'EOF'\nrm -rf / $(boom)\nEOF\nls")).toEqual(['cat', 'ls']);
    expect(lines('cat <<EOF\nhello $(rm x)\nEOF\nls')).toEqual(['cat', 'rm x', 'ls']);
    expect(lines('cat <<-END\n\trm\n\tEND\nok')).toEqual(['cat', 'ok']);
  });

  it.each([
    ['echo "unclosed', 'unclosed double quote'],
    ["echo 'unclosed", 'unclosed single quote'],
    ['echo $(date', 'unclosed "(" or "$("'],
    ['echo `date', 'unclosed backquote'],
    ['a )', 'unbalanced ")"'],
    ['case $x in a) rm;; esac', 'case statements are not followed'],
    ['(( i++ ))', 'arithmetic commands are not followed'],
    ['cat <<EOF\nno end', 'here-document not closed by "EOF"'],
    ['cmd >', 'redirection without a target'],
    ['echo ${x', 'unclosed ${'],
    ['x (y', 'unexpected "("'],
  ])('reports %j as unparseable', (command, reason) => {
    const result = splitSimpleCommands(command);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toBe(reason);
  });

  it('refuses nesting deeper than it follows instead of overflowing the stack', () => {
    const deep = `${'$('.repeat(200)}x${')'.repeat(200)}`;
    expect(splitSimpleCommands(deep)).toMatchObject({ ok: false, reason: 'nesting too deep' });
  });

  it('returns no command for an empty or comment-only line', () => {
    expect(lines('')).toEqual([]);
    expect(lines('  # nothing\n')).toEqual([]);
  });
});

/** Words that are plain text in every quoting below: no shell meta-characters, no reserved words. */
const plainWord = fc
  .stringMatching(/^[a-z0-9._/+,:@%-]{1,8}$/)
  .filter(
    (word) =>
      ![
        'if',
        'then',
        'elif',
        'else',
        'fi',
        'do',
        'done',
        'while',
        'until',
        'for',
        'select',
        'case',
        'esac',
        'time',
        'coproc',
        'function',
      ].includes(word) &&
      !word.startsWith('#') &&
      !/^\d+$/.test(word),
  );

/** A word as the shell would be given it, in one of several quotings, with the value it stands for. */
const quotedWord = fc
  .tuple(plainWord, fc.constantFrom('bare', 'single', 'double', 'escaped', 'ansi', 'mixed'))
  .map(([word, style]) => {
    switch (style) {
      case 'single':
        return { source: `'${word} x'`, value: `${word} x` };
      case 'double':
        return { source: `"${word}\\"q"`, value: `${word}"q` };
      case 'escaped':
        return { source: `${word}\\;\\&`, value: `${word};&` };
      case 'ansi':
        return { source: `$'${word}\\n'`, value: `${word}\n` };
      case 'mixed':
        return { source: `${word}'a'"b"`, value: `${word}ab` };
      default:
        return { source: word, value: word };
    }
  });

const simpleCommand = fc.array(quotedWord, { minLength: 1, maxLength: 4 });
const operator = fc.constantFrom(' && ', ' || ', '; ', ' | ', '\n', ' & ', ' |& ', ';\n\n');

describe('splitSimpleCommands laws', () => {
  it('splitting a join of simple commands gives back each command, words unquoted, in order', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(simpleCommand, operator), { minLength: 1, maxLength: 5 }), (parts) => {
        const source = parts.map(([words, op]) => words.map((word) => word.source).join(' ') + op).join('');
        const result = splitSimpleCommands(source);
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        expect(result.commands.map((simple) => simple.words.map((word) => word.text))).toEqual(
          parts.map(([words]) => words.map((word) => word.value)),
        );
        expect(result.commands.every((simple) => simple.words.every((word) => !word.dynamic))).toBe(true);
      }),
    );
  });

  it('a subshell, a group or a command substitution around a list adds the same commands', () => {
    fc.assert(
      fc.property(
        fc.array(simpleCommand, { minLength: 1, maxLength: 4 }),
        fc.constantFrom('sub', 'group', 'dollar', 'tick'),
        (commands, wrap) => {
          const list = commands.map((words) => words.map((word) => word.source).join(' ')).join('; ');
          const expected = commands.map((words) => words.map((word) => word.value));
          const source =
            wrap === 'sub'
              ? `( ${list} )`
              : wrap === 'group'
                ? `{ ${list}; }`
                : wrap === 'dollar'
                  ? `echo $(${list})`
                  : `echo \`${list.replace(/\\/g, '\\\\')}\``;
          const result = splitSimpleCommands(source);
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          const found = result.commands.map((simple) => simple.words.map((word) => word.text));
          expect(found.slice(0, expected.length)).toEqual(expected);
          if (wrap === 'dollar' || wrap === 'tick') expect(result.commands.at(-1)?.words[1]?.dynamic).toBe(true);
        },
      ),
    );
  });

  it('never throws, whatever the input', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom(
            'a',
            ' ',
            ';',
            '&',
            '|',
            '(',
            ')',
            '$',
            '`',
            "'",
            '"',
            '\\',
            '<',
            '>',
            '\n',
            '{',
            '}',
            '#',
            '=',
          ),
        }),
        (source) => {
          const result = splitSimpleCommands(source);
          expect(typeof result.ok).toBe('boolean');
        },
      ),
    );
  });
});
