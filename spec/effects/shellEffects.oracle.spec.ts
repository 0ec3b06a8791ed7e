/**
 * The effect walker and sink held to the ones they replaced (spec/effects/reference, with the old reader under
 * spec/inspect/reference): on the labelled corpus, on random commands built from the programs, wrappers and
 * shell syntax the walker follows, and on random sequences of sink calls, both record deep-equal effects in the
 * same order and leave the same directory and budget.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readBudget } from '../../lib/inspect/readBudget.js';
import { argvEffects, shellEffects } from '../../lib/effects/shellEffects.js';
import { EffectSink } from '../../lib/effects/sink.js';
import type { EffectClass } from '../../lib/effects/types.js';
import { loadCorpus } from './corpusTools.js';
import { argvEffects as referenceArgv, shellEffects as referenceShell } from './reference/shellEffects.js';
import { EffectSink as ReferenceSink } from './reference/sink.js';

const bothWalk = (command: string, cwd?: string, steps?: number): void => {
  const ours = new EffectSink();
  const theirs = new ReferenceSink();
  if (cwd !== undefined) {
    ours.cd({ text: cwd, known: true }, false);
    theirs.cd({ text: cwd, known: true }, false);
  }
  const ourBudget = readBudget(steps);
  const theirBudget = readBudget(steps);
  shellEffects(command, ours, ourBudget);
  referenceShell(command, theirs, theirBudget);
  expect(ours.effects).toEqual(theirs.effects);
  expect(ours.dir).toEqual(theirs.dir);
  expect(ourBudget).toEqual(theirBudget);
};

const program = fc.constantFrom(
  ...['rm', 'cat', 'cp', 'mv', 'curl', 'wget', 'git', 'tee', 'touch', 'sed', 'awk', 'find', 'xargs', 'npm', 'pip'],
  ...['python3 -c', 'node -e', 'bash -c', 'sh -lc', 'eval', 'env', 'env -S', 'sudo', 'timeout 5', 'nohup', 'cd'],
  ...['chmod', 'tar', 'ssh', 'scp', 'rsync', 'nc', 'dd', 'ln', 'mkdir', 'unknown-tool', '/usr/bin/rm', './run.sh'],
);
const word = fc.constantFrom(
  ...['-f', '-rf', '-i', '-o', '-d', '-exec', '{}', '\\;', '+', '-delete', '-name', '-I', '%', '--', '-', '-C'],
  ...['x', 'src', '.', '..', '../up', './a/../b', 'a//b', 'dir/', '/abs/p', '~', '~/h', '.env', 'a b', "it's"],
  ...['https://example.com/p', 'git@host.org:r', 'u@h', 'h:/p', '/dev/null', '/dev/tcp/h/80', '$X', '"$X"', '*.log'],
  ...["'rm -f y'", '"cat z > w"', 's/a/b/w out', 'A=1', 'PATH=/x', '$(echo y)', '`id`', '<(ls)', '1', 'origin'],
);
const joiner = fc.constantFrom(' && ', ' || ', '; ', ' | ', '\n', ' & ', ' > out; ', ' 2>&1 | ', ' >> .env && ');
const simple = fc.tuple(program, fc.array(word, { maxLength: 5 })).map(([name, args]) => [name, ...args].join(' '));
const command = fc
  .tuple(simple, fc.array(fc.tuple(joiner, simple), { maxLength: 4 }))
  .map(([first, rest]) => first + rest.map(([join, next]) => join + next).join(''));
const cwd = fc.constantFrom(undefined, 'src', '/proj', 'a/b', '.', '..', '~', 'x/');

describe('the effect walker against the one it replaced', () => {
  it('walks every corpus command alike, from the call cwd and from a directory', () => {
    for (const row of loadCorpus('commands.jsonl')) {
      bothWalk(row.text);
      bothWalk(row.text, 'src');
      bothWalk(row.text, '/proj/a', 200);
    }
  });

  it('walks random commands alike', () => {
    fc.assert(
      fc.property(command, cwd, (text, dir) => {
        bothWalk(text, dir);
      }),
      { numRuns: 3000 },
    );
  });

  it('walks argument vectors alike', () => {
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 6 }), program, (args, name) => {
        const ours = new EffectSink();
        const theirs = new ReferenceSink();
        const argv = [...name.split(' '), ...args];
        argvEffects(argv, ours);
        referenceArgv(argv, theirs);
        expect(ours.effects).toEqual(theirs.effects);
      }),
      { numRuns: 1000 },
    );
  });

  it('records random sink calls alike, NUL and U+0001 in targets too, past the effects a scan looks through', () => {
    const text = fc.constantFrom(
      ...['', 'a', 'b', '\u0001', '\u0000', 'a\u0000', '\u0001\u0000', '\u0001\u0000a', 'a/b', 'a/b/c', '/r'],
      ...['..', '../x', '../../y', '../../../z', '../', '../..', '..//x', '../x/', '../.', '../a/../b', 'a/../b'],
    );
    const effect = fc.constantFrom<EffectClass>('reads', 'writes', 'deletes', 'egress', 'unknown', 'executes');
    const call = fc.oneof(
      fc.tuple(fc.constant('add' as const), effect, fc.option(text, { nil: undefined }), fc.option(text)),
      fc.tuple(fc.constant('path' as const), fc.constantFrom('reads', 'writes', 'deletes'), text, fc.boolean()),
      fc.tuple(fc.constant('cd' as const), text, fc.boolean(), fc.boolean()),
    );
    fc.assert(
      fc.property(fc.array(call, { maxLength: 80 }), (calls) => {
        const ours = new EffectSink();
        const theirs = new ReferenceSink();
        for (const [kind, a, b, c] of calls) {
          for (const sink of [ours, theirs]) {
            if (kind === 'add') sink.add(a, b, c ?? undefined);
            else if (kind === 'path') sink.path(a, { text: b, known: c });
            else sink.cd({ text: a, known: b }, c);
          }
        }
        expect(ours.effects).toEqual(theirs.effects);
        expect(ours.dir).toEqual(theirs.dir);
      }),
      { numRuns: 3000 },
    );
  });
});
