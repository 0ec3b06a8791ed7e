/**
 * Properties of effect records: wrapping a command in `env`, `timeout`, `nohup` or `bash -c` (quoted either
 * way) leaves its effects as they were, and adding an output redirection never removes a `writes`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commandLabels } from './corpusTools.js';

const file = fc.constantFrom('.env', 'out.txt', 'secrets/key', '/tmp/x', 'a b.txt', "it's.txt", 'dir/$x');
const word = fc.constantFrom('-f', '-rf', 'x', 'src', 'https://example.com/p', '1', '--', 'a=b');
const program = fc.constantFrom(
  'rm',
  'cat',
  'cp',
  'mv',
  'curl',
  'git',
  'tee',
  'touch',
  'sed',
  'grep',
  'npm',
  'make',
  'chmod',
);

/** A word quoted for the shell so it stays one word with the same text. */
const quote = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;

const simpleCommand = fc
  .tuple(program, fc.array(fc.oneof(word, file), { maxLength: 4 }))
  .map(([name, args]) => [name, ...args].map(quote).join(' '));

const sorted = (labels: readonly string[]) => [...labels].sort();

describe('effect records', () => {
  it('are the same through env, timeout, nohup and bash -c with either quoting', () => {
    fc.assert(
      fc.property(simpleCommand, (command) => {
        const plain = sorted(commandLabels(command));
        const wrapped = [
          `env FOO=1 ${command}`,
          `timeout 5 ${command}`,
          `nohup ${command}`,
          `env -i timeout -s KILL 3 ${command}`,
          `bash -c ${quote(command)}`,
          `sh -c "${command.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('$', '\\$').replaceAll('`', '\\`')}"`,
        ];
        for (const each of wrapped) expect(sorted(commandLabels(each)), each).toEqual(plain);
      }),
      { numRuns: 300 },
    );
  });

  it('never lose a writes when an output redirection is added', () => {
    fc.assert(
      fc.property(simpleCommand, file, fc.constantFrom('>', '>>', '&>', '2>', '>|'), (command, target, op) => {
        const before = commandLabels(command).filter((label) => label.startsWith('writes('));
        const after = commandLabels(`${command} ${op} ${quote(target)}`);
        for (const label of before) expect(after).toContain(label);
        expect(after.some((label) => label.startsWith('writes(') || label === 'unknown')).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
