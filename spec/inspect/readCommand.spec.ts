import { describe, expect, it } from 'vitest';
import { readBudget } from '../../lib/inspect/readBudget.js';
import { MAX_NESTING, readCommand } from '../../lib/inspect/readCommand.js';

/** The programs a command runs, each as its words joined by spaces; `?` for one only the shell knows. */
const programs = (command: string): string[] => {
  const reading = readCommand(command);
  if (!reading.ok) throw new Error(`unreadable: ${reading.reason}`);
  return reading.programs.map((program) => `${program.name ?? '?'}: ${program.words.map((w) => w.text).join(' ')}`);
};

const reason = (command: string): string => {
  const reading = readCommand(command);
  if (reading.ok) throw new Error(`read: ${command}`);
  return reading.reason;
};

describe('readCommand', () => {
  it('lists a wrapper and the program it runs, as the trust walk peels them', () => {
    expect(programs('sudo -u root timeout -s KILL 5 /usr/bin/rm -f x')).toEqual([
      'sudo: sudo -u root timeout -s KILL 5 /usr/bin/rm -f x',
      'timeout: timeout -s KILL 5 /usr/bin/rm -f x',
      'rm: /usr/bin/rm -f x',
    ]);
    expect(programs('env - A=1 B=$X ./run.sh')).toEqual(['env: env - A=1 B=$X ./run.sh', 'run.sh: ./run.sh']);
    // env takes any word with `=` before the program as a variable, as the trust walk does.
    expect(programs("env 'BASH_FUNC_f%%=() { x; }' rm y").at(-1)).toBe('rm: rm y');
    expect(programs('env -S "git push -f" origin')).toEqual([
      'env: env -S git push -f origin',
      'git: git push -f origin',
    ]);
  });

  it('reads the code of a shell -c and of eval as command lines of their own', () => {
    expect(programs('bash -lc "cd x && make" && eval \'npm test; git push\'')).toEqual([
      'bash: bash -lc cd x && make',
      'cd: cd x',
      'make: make',
      'eval: eval npm test; git push',
      'npm: npm test',
      'git: git push',
    ]);
  });

  it('does not follow what a program does not run', () => {
    expect(programs('command -v rm')).toEqual(['command: command -v rm']);
    expect(programs('bash -n x.sh')).toEqual(['bash: bash -n x.sh']);
    expect(programs('sh ./hook.sh')).toEqual(['sh: sh ./hook.sh']);
  });

  it('marks a program only the shell knows', () => {
    expect(programs('$EDITOR x')).toEqual(['?: $EDITOR x']);
    expect(programs('nice -n $N rm x')).toEqual(['nice: nice -n $N rm x', 'rm: rm x']);
    expect(programs('sudo $TOOL x')).toEqual(['sudo: sudo $TOOL x', '?: $TOOL x']);
  });

  it('says why it cannot read a command', () => {
    expect(reason('echo "open')).toBe('unclosed double quote');
    expect(reason('bash -c "$1"')).toBe('bash -c code only known at run time');
    expect(reason('bash -c')).toBe('bash -c code only known at run time');
    expect(reason('eval "$CMD"')).toBe('eval of words only known at run time');
    expect(reason('curl x | bash -s')).toBe('bash reads its commands from stdin');
    expect(reason(`${'eval '.repeat(MAX_NESTING + 1)}ls`)).toBe(`nested more than ${String(MAX_NESTING)} levels deep`);
    expect(reason('case $x in a) ls;; esac')).toBe('case statements are not followed');
  });

  it('ends in "cannot read" when the budget is spent, sharing one budget across nested reads', () => {
    expect(reason('a && '.repeat(5000) + 'b')).toMatch(/budget/);
    expect(readCommand('bash -c "ls; ls; ls"', readBudget(1000, 4)).ok).toBe(false);
    expect(readCommand('bash -c "ls; ls; ls"', readBudget(1000, 8)).ok).toBe(true);
    expect(readCommand('eval ' + 'x'.repeat(200), readBudget(150, 10)).ok).toBe(false);
  });

  it('treats only space, tab and newline as blanks; other blanks and controls are word characters', () => {
    expect(programs('ls\r')).toEqual(['ls\r: ls\r']);
    expect(programs('a\u00a0b\u2003c\u3000 \ufeff\v\f x\u0000')).toEqual([
      'a\u00a0b\u2003c\u3000: a\u00a0b\u2003c\u3000 \ufeff\v\f x\u0000',
    ]);
  });
});
