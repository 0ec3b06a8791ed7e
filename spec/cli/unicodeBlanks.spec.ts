/**
 * A project hook whose command holds a carriage return or a no-break space — which once made the shell
 * word scanner loop until V8 ran out of memory, before any approval — run for real: `validate`, `list`,
 * `trust` and `fire` finish with the same exit codes as for the same hook without the character, and the
 * approved hook decides as any hook does. `createHookSystem` loads it too.
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createHookSystem } from '../../lib/system/createHookSystem.js';
import { CLI_TEST_TIMEOUT_MS, CliWorld, enabledSettings, type CliCase, type CliRun } from './cliHarness.js';

const world = new CliWorld();
afterAll(() => world.finish());

const BLANKS = { cr: '\r', nbsp: '\u00a0', ideographic: '\u3000\ufeff' } as const;

/** A project with one denying BeforeTool hook per blank; each blank sits in its command as a word character. */
const project = (name: string, blanks: Readonly<Record<string, string>>): CliCase =>
  world.setUpCase(name, {
    'project/.hookstream/settings.json': enabledSettings({
      BeforeTool: [
        {
          // bash reads the blank as part of the last word: printf's output ends in it, and the output is trimmed.
          hooks: Object.entries(blanks).map(([hook, blank]) => ({
            type: 'command',
            name: hook,
            command: `printf '{"decision":"deny","reason":"${hook}"}${blank}'${blank}`,
          })),
        },
      ],
    }),
  });

/** The run ended by itself (no signal: not killed by the harness's bound, not aborted out of memory). */
const finished = (run: CliRun): number | null => {
  expect(run.signal).toBeNull();
  expect(run.stderr).not.toMatch(/heap out of memory|Maximum call stack/);
  return run.code;
};

/** validate, list, trust and fire, in that order: their exit codes; the approved hooks must all deny. */
const session = async (where: CliCase): Promise<(number | null)[]> => {
  const codes: (number | null)[] = [];
  for (const command of ['validate', 'list']) {
    codes.push(finished(await world.run([command, '--project-dir', where.project], { env: where.env })));
  }
  codes.push(finished(await world.approve(where)));
  const fired = await world.fire(where, 'BeforeTool', { tool_name: 'Bash', tool_input: { command: 'ls' } });
  codes.push(finished(fired.run));
  expect(fired.result?.decision).toBe('deny');
  expect(fired.result?.hooks.map((hook) => [hook.name, hook.outcome])).toEqual(
    Object.keys(BLANKS).map((hook) => [hook, 'blocked']),
  );
  return codes;
};

describe.concurrent(
  'hook commands with a carriage return or a Unicode blank',
  { timeout: 4 * CLI_TEST_TIMEOUT_MS },
  () => {
    it('validate, list, trust and fire exit as for the same hooks without them', async () => {
      const plain = project('plain', { cr: '', nbsp: '', ideographic: '' });
      const odd = project('odd', BLANKS);
      const [expected, received] = await Promise.all([session(plain), session(odd)]);
      expect(received).toEqual(expected);
    });

    it('createHookSystem loads such a project and decides with its hook', async () => {
      const where = project('api', BLANKS);
      const hooks = createHookSystem({
        projectDir: where.project,
        settings: [{ scope: 'project', path: path.join(where.project, '.hookstream', 'settings.json') }],
        // Approving at the first event reads the command for its fingerprint: the read that once never ended.
        trust: { store: path.join(where.home, 'trusted-hooks.json'), approve: () => true },
      });
      try {
        const result = await hooks.fire('BeforeTool', { tool_name: 'Bash', tool_input: { command: 'ls' } });
        expect(result.decision).toBe('deny');
        expect(result.hooks.map((hook) => hook.outcome)).toEqual(['blocked', 'blocked', 'blocked']);
      } finally {
        await hooks.dispose();
      }
    });
  },
);
