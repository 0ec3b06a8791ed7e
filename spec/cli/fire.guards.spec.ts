/**
 * Guards a repository cannot switch off (issue 11), tried as an attacker would: a real `hookstream fire`
 * with its own HOME, the standard settings files, and witness files that prove whether a hook ran.
 * - a project's `tools.enableHooks: false`, `hooksConfig.enabled: false` and `hooksConfig.disabled` reach
 *   the project's own hooks only: the user's guard still runs and still blocks;
 * - `required: true` and `failurePolicy: "block"` make a hook that did not run (not approved, could not
 *   start) a block with a reason, instead of a skipped hook and an allowed call.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { HookResult } from '../../lib/model/types.js';
import { CLI_TEST_TIMEOUT_MS, CliWorld } from './cliHarness.js';

const world = new CliWorld();
const toolInput = JSON.stringify({ tool_name: 'write_file', tool_input: { path: 'a.txt', content: 'x' } });
const witnesses = world.dir('witnesses');
const witness = (name: string): string => path.join(witnesses, name);

// The user's guard: leaves a witness, then denies every write.
world.write('home/.hookstream/settings.json', {
  tools: { enableHooks: true },
  hooks: {
    BeforeTool: [
      {
        matcher: '^write_file$',
        hooks: [
          {
            name: 'guard',
            command: `touch '${witness('guard')}'; echo '{"decision":"deny","reason":"the user guard says no"}'`,
          },
        ],
      },
    ],
  },
});

afterAll(async () => {
  const until = Date.now() + 5_000;
  while (world.leftovers().length > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(world.leftovers()).toEqual([]);
  world.cleanup();
});

/** A project whose `.hookstream/settings.json` is `settings`; returns its directory. */
const projectWith = (name: string, settings: Record<string, unknown>): string => {
  world.write(`${name}/.hookstream/settings.json`, settings);
  return path.join(world.root, name);
};

const fire = async (project: string) => {
  const run = await world.run(['fire', 'BeforeTool', '--json', '--input', toolInput, '--project-dir', project]);
  return { run, result: JSON.parse(run.stdout) as HookResult };
};

describe.concurrent('a project cannot switch off the user’s guard', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  const ownHook = (name: string) => ({
    BeforeTool: [{ hooks: [{ name: 'own', command: `touch '${witness(name)}'` }] }],
  });

  it.each([
    ['tools.enableHooks: false', 'enable', { tools: { enableHooks: false } }],
    ['hooksConfig.enabled: false', 'enabled', { hooksConfig: { enabled: false } }],
    ['hooksConfig.disabled naming the guard', 'disabled', { hooksConfig: { disabled: ['guard', 'own'] } }],
  ])('%s in the project switches off only the project’s own hooks', async (_, name, switches) => {
    const project = projectWith(`attack-${name}`, { ...switches, hooks: ownHook(`own-${name}`) });
    const { run, result } = await fire(project);
    expect(run.code).toBe(2);
    expect(result).toMatchObject({ blocked: true, decision: 'deny', reason: 'the user guard says no' });
    expect(result.hooks.map((hook) => [hook.name, hook.source, hook.outcome])).toEqual([['guard', 'user', 'blocked']]);
    expect(existsSync(witness('guard'))).toBe(true);
    expect(existsSync(witness(`own-${name}`))).toBe(false);
  });
});

describe.concurrent('required and strict hooks that did not run block', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('an unapproved required or strict project hook blocks, saying it is not approved; a plain one is skipped', async () => {
    const project = projectWith('unapproved', {
      tools: { enableHooks: true },
      hooks: {
        PreToolUse: [
          {
            matcher: '^write_file$',
            hooks: [
              { name: 'required-check', command: `touch '${witness('required')}'`, required: true },
              { name: 'strict-check', command: `touch '${witness('strict')}'`, failurePolicy: 'block' },
              { name: 'plain-check', command: `touch '${witness('plain')}'` },
            ],
          },
        ],
      },
    });
    const { run, result } = await fire(project);
    expect(run.code).toBe(2);
    expect(result.hooks.map((hook) => [hook.name, hook.outcome, hook.strictFailure])).toEqual([
      ['required-check', 'blocked', 'untrusted'],
      ['strict-check', 'blocked', 'untrusted'],
      ['plain-check', 'untrusted', undefined],
      ['guard', 'blocked', undefined],
    ]);
    expect(result.reason).toContain('Hook "required-check" failed (required): it is not approved for this project');
    expect(result.reason).toContain('Hook "strict-check" failed (strict): it is not approved for this project');
    for (const name of ['required', 'strict', 'plain']) expect(existsSync(witness(name))).toBe(false);
  });

  it('a required hook whose script is missing, or whose command is not found, blocks with the reason', async () => {
    const settings = world.write('required-missing.json', {
      tools: { enableHooks: true },
      hooks: {
        BeforeTool: [
          {
            hooks: [
              { name: 'node-guard', command: 'node', args: [path.join(world.root, 'gone.mjs')], required: true },
              { name: 'shell-guard', command: 'no-such-guard-command --check', required: true },
            ],
          },
        ],
      },
    });
    const run = await world.run(['fire', 'BeforeTool', '--json', '--settings', settings, '--input', toolInput]);
    expect(run.code).toBe(2);
    const result = JSON.parse(run.stdout) as HookResult;
    // Node exits 1 for a missing script; the shell's 127 reads as "could not start" (outcome failed or warning).
    expect(result.hooks.map((hook) => [hook.name, hook.outcome])).toEqual([
      ['node-guard', 'blocked'],
      ['shell-guard', 'blocked'],
    ]);
    expect(result.hooks.map((hook) => hook.strictFailure)).toEqual([
      'warning',
      expect.stringMatching(/^(failed|warning)$/),
    ]);
    expect(result.reason).toMatch(/^Hook "node-guard" failed \(required\): exited with code 1/m);
    expect(result.reason).toMatch(/^Hook "shell-guard" failed \(required\): .*not found/m);
  });
});
