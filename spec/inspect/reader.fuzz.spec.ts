/**
 * Fuzz of every static reader of shell commands — the tokenizers, the one reader that `if` conditions use,
 * the `if` matcher and the trust inspector's entry point — over random strings and random bash-like
 * strings: none throws, each returns (its step counter never passes the budget), and what it returns
 * stays within a bound proportional to the input.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Stats } from 'node:fs';
import { SHELL_READ_MAX_STEPS, SHELL_READ_MAX_WORDS } from '../../lib/core/limits.js';
import { commandFiles } from '../../lib/trust/commandFiles.js';
import type { FileProbe } from '../../lib/inspect/programs.js';
import { readBudget, type ReadBudget } from '../../lib/inspect/readBudget.js';
import { readCommand } from '../../lib/inspect/readCommand.js';
import { leadingWords, scanCommands } from '../../lib/inspect/shellWords.js';
import { splitSimpleCommands } from '../../lib/inspect/simpleCommands.js';
import { compileIfCondition } from '../../lib/plan/ifCondition.js';

const RUNS = 300;
const vars = new Map([
  ['HOME', '/home/u'],
  ['HOOKSTREAM_PROJECT_DIR', '/proj'],
]);

/** Every file exists as an executable, so the walk follows every lookup, and nothing touches the disk. */
const probe: FileProbe = {
  stat: () => ({ isFile: () => true, isDirectory: () => false, mode: 0o755 }) as unknown as Stats,
  firstLine: () => '#!/bin/sh',
  realpath: (file) => file,
};

/** Tokens bash reads specially, blanks bash does not, and the programs the readers look through. */
const TOKENS = [
  ...["'", '"', '\\', '$(', '`', '${', '}', '$((', '))', "$'", '$"', '<<EOF\n', '\nEOF\n', '<<-X ', '<<<'],
  ...['{a,b}', '~', '~/x', '*', '?', '[', ']', '[[', ']]', '$X', '$$', '$@', '#', '=', 'A=1 ', '2>&1', '&>'],
  ...[';', ';;', '&&', '||', '|', '|&', '&', '(', ')', '<(', '>(', '<', '>', '>>', ' ', '\t', '\n', '\\\n'],
  ...['\r', '\v', '\f', '\u00a0', '\u2000', '\u200a', '\u2028', '\u3000', '\ufeff', '\u0000', '\u001b', '\u202e'],
  ...['bash -c ', 'sh -lc ', 'zsh -c ', 'eval ', 'sudo ', 'env -S ', 'env - ', 'nice -n 5 ', 'timeout 5 '],
  ...['xargs ', 'command ', 'exec ', '/bin/rm ', 'rm ', 'x', 'source ', '. ', 'cd ', 'case ', 'esac', 'in '],
  ...['if ', 'then ', 'fi', 'for x in ', 'do ', 'done', 'function f ', 'f() ', '{ ', ' }', '!'],
];
const bashLike = fc.array(fc.constantFrom(...TOKENS), { maxLength: 60 }).map((parts) => parts.join(''));
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 100 }),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
  bashLike,
);

/** The read stopped at its budget: overdrawn by at most its last charge (a quoted run, or one word list). */
const withinBudget = (budget: ReadBudget, text: string): void => {
  const lastCharge = Math.max(text.length, SHELL_READ_MAX_WORDS) + 1;
  expect(budget.steps).toBeGreaterThanOrEqual(-lastCharge);
  expect(budget.steps).toBeLessThanOrEqual(SHELL_READ_MAX_STEPS);
  expect(budget.words).toBeGreaterThanOrEqual(-1);
};

/** A generous bound on what a reader returns: nested reads list the text they read once per level. */
const bounded = (result: unknown, input: string): void => {
  expect(JSON.stringify(result).length).toBeLessThanOrEqual(200 * (input.length + 1) + 4096);
};

const rule = compileIfCondition('Bash(rm *)').condition;
const pinned = (command: string) =>
  commandFiles({ type: 'command', command }, { projectDir: '/proj', home: '/home/u', variables: vars, probe });

describe('the shell readers under fuzz', () => {
  it('splitSimpleCommands, scanCommands and leadingWords return within their budget and a size bound', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        for (const read of [
          (budget: ReadBudget) => splitSimpleCommands(text, budget),
          (budget: ReadBudget) => scanCommands(text, vars, '/home/u', 32, budget),
          (budget: ReadBudget) => leadingWords(text, vars, '/home/u', 8, budget),
        ]) {
          const budget = readBudget();
          const result = read(budget);
          withinBudget(budget, text);
          bounded(result, text);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('readCommand returns a reading or a reason, within its budget and a size bound', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const budget = readBudget();
        const reading = readCommand(text, budget);
        withinBudget(budget, text);
        if (reading.ok) for (const program of reading.programs) expect(program.words.length).toBeGreaterThan(0);
        else expect(reading.reason).toMatch(/\S/);
        bounded(reading, text);
      }),
      { numRuns: RUNS },
    );
  });

  it('the if matcher and the trust inspector answer for any command', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(
          typeof rule.test({
            toolName: 'Bash',
            toolInput: { command: text },
            cwd: '/proj',
            projectDir: '/proj',
            home: '/home/u',
          }),
        ).toBe('boolean');
        const files = pinned(text);
        expect(Array.isArray(files.files) && Array.isArray(files.notPinned)).toBe(true);
        bounded(files, text);
      }),
      { numRuns: RUNS },
    );
  });

  it('an unreadable command runs the if hook: a reader that gives up never lets a guard fail open', () => {
    fc.assert(
      fc.property(bashLike, (text) => {
        const reading = readCommand(text);
        const runs = rule.test({
          toolName: 'Bash',
          toolInput: { command: text },
          cwd: '/p',
          projectDir: '/p',
          home: '/h',
        });
        if (!reading.ok) expect(runs).toBe(true);
        // And a reading that lists rm (by any path) always runs it.
        if (reading.ok && reading.programs.some((program) => program.name === 'rm')) expect(runs).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('300 KB of the worst tokens ends in "cannot read", not a hang or a crash', () => {
    for (const token of ['\r', '\u00a0', '$(', '`', "'", '${', '<<EOF\n', 'a ', 'eval ', 'nice ', '$a', '2>x ']) {
      const text = token.repeat(Math.ceil(300_000 / token.length));
      const budget = readBudget();
      const reading = readCommand(text, budget);
      withinBudget(budget, text);
      expect(reading.ok).toBe(false);
      expect(
        rule.test({ toolName: 'Bash', toolInput: { command: text }, cwd: '/p', projectDir: '/p', home: '/h' }),
      ).toBe(true);
      expect(scanCommands(text, vars, '/home/u').stoppedAt ?? '').not.toBe('');
      bounded(pinned(text), token);
    }
  });
});
