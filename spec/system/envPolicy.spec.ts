/**
 * Least privilege, end to end (issue 11 item 3): real command hooks print the names of the variables they got.
 * A project hook under `hooksConfig.env` (from user settings) or the `envPolicy` option does not see the
 * host's secrets; a user hook beside it sees everything; hookstream's variables and the hook's own `env`
 * are always there. Under no-secrets a token, a JWT or a URL with a password goes too, whatever its name.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HookResult } from '../../lib/model/types.js';
import { createHookSystem, type HookSystem } from '../../lib/system/createHookSystem.js';
import type { HookSystemOptions } from '../../lib/system/options.js';
import { MARKER_VARIABLE, ProcessTest } from '../process/processHarness.js';

// The host's environment for this file: two secrets, a cloud credential, an allowed token, a plain variable.
const HOST = {
  HS_SPEC_API_KEY: 'sk-secret',
  AWS_HS_SPEC_PROFILE: 'prod',
  HS_SPEC_NPM_TOKEN: 'npm-allowed',
  HS_SPEC_PLAIN: 'plain',
  // Secrets under names that say nothing: no-secrets drops them by their value.
  HS_SPEC_DEPLOY: `ghp_${'a1B2c3D4e5'.repeat(4)}`,
  HS_SPEC_DATABASE: 'postgres://app:hunter2@db.internal:5432/app',
  HS_SPEC_SESSION: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJtZSJ9.c2lnbmF0dXJlLXNpZ25hdHVyZQ',
  HS_SPEC_TOOLS: '/opt/hs-spec/tools/bin',
};
// Prints the names of the variables this spec cares about, one per line (the hook's stdout: a systemMessage).
const PRINT_NAMES = String.raw`env | cut -d= -f1 | grep -E '^(HS_SPEC|AWS_HS_SPEC|HOOK_OWN|HOOKSTREAM_PROJECT_DIR$|PATH$)' | sort`;

beforeAll(() => {
  Object.assign(process.env, HOST);
});
afterAll(() => {
  for (const name of Object.keys(HOST)) Reflect.deleteProperty(process.env, name);
});

let world: ProcessTest;
let system: HookSystem | undefined;
afterEach(async () => {
  if (system !== undefined) await world.verifyClean(system);
  system = undefined;
});

/** A settings file in the world's directory. */
const file = (name: string, settings: Record<string, unknown>): string => {
  const target = path.join(world.dir, name);
  writeFileSync(target, JSON.stringify(settings));
  return target;
};

/** A BeforeTool hook printing the names; `tail` makes commands differ (identical commands run once). */
const printer = (name: string, tail: string) => ({
  type: 'command',
  name,
  command: `${PRINT_NAMES}${tail}`,
  env: { [MARKER_VARIABLE]: world.marker, HOOK_OWN_TOKEN: 'written-in-the-settings' },
});

/** A system with one project hook and one user hook; `userEnv` is the user file's `hooksConfig.env`. */
const start = (userEnv: unknown, options: HookSystemOptions = {}): HookSystem => {
  world = new ProcessTest();
  const project = file('project.json', {
    tools: { enableHooks: true },
    hooks: { BeforeTool: [{ hooks: [printer('project-hook', '')] }] },
  });
  const user = file('user.json', {
    hooksConfig: userEnv === undefined ? {} : { env: userEnv },
    hooks: { BeforeTool: [{ hooks: [printer('user-hook', ' | cat')] }] },
  });
  system = createHookSystem({
    settings: [
      { scope: 'project', path: project, required: true },
      { scope: 'user', path: user, required: true },
    ],
    projectDir: world.dir,
    trust: false,
    ...options,
  });
  return system;
};

/** The variable names each hook printed, by hook name. */
const namesByHook = (result: HookResult): Record<string, string[]> =>
  Object.fromEntries(
    result.hooks.map((run) => [run.name, (run.output?.systemMessage ?? '').split('\n').filter(Boolean)]),
  );

const fire = async (hooks: HookSystem): Promise<Record<string, string[]>> => {
  const result = await hooks.fire('BeforeTool', { tool_name: 'write_file', tool_input: { path: 'a.txt' } });
  expect(result.hooks.map((run) => run.outcome)).toEqual(['success', 'success']);
  return namesByHook(result);
};

const EVERYTHING = [
  'AWS_HS_SPEC_PROFILE',
  'HOOKSTREAM_PROJECT_DIR',
  'HOOK_OWN_TOKEN',
  'HS_SPEC_API_KEY',
  'HS_SPEC_DATABASE',
  'HS_SPEC_DEPLOY',
  'HS_SPEC_NPM_TOKEN',
  'HS_SPEC_PLAIN',
  'HS_SPEC_SESSION',
  'HS_SPEC_TOOLS',
  'PATH',
];

describe('the environment of command hooks', { timeout: 30_000 }, () => {
  it('by default: every hook inherits the whole environment', async () => {
    const names = await fire(start(undefined));
    expect(names).toEqual({ 'project-hook': EVERYTHING, 'user-hook': EVERYTHING });
  });

  it('no-secrets (user settings): the project hook loses what looks secret, by name or value, except what the user allows', async () => {
    const hooks = start({ mode: 'no-secrets', allow: ['HS_SPEC_NPM_TOKEN', 'HS_SPEC_SESSION'] });
    expect(hooks.problems).toEqual([]);
    const names = await fire(hooks);
    expect(names['project-hook']).toEqual([
      'HOOKSTREAM_PROJECT_DIR',
      'HOOK_OWN_TOKEN', // its own env, written in the settings, is kept
      'HS_SPEC_NPM_TOKEN',
      'HS_SPEC_PLAIN',
      'HS_SPEC_SESSION', // a JWT, but the user allows it by name
      'HS_SPEC_TOOLS',
      'PATH',
    ]);
    expect(names['user-hook']).toEqual(EVERYTHING);
  });

  it('the envPolicy option replaces the settings: allowlist keeps only the basics and `allow`', async () => {
    const hooks = start({ mode: 'no-secrets' }, { envPolicy: { mode: 'allowlist', allow: ['HS_SPEC_PLAIN'] } });
    const names = await fire(hooks);
    expect(names['project-hook']).toEqual(['HOOKSTREAM_PROJECT_DIR', 'HOOK_OWN_TOKEN', 'HS_SPEC_PLAIN', 'PATH']);
    expect(names['user-hook']).toEqual(EVERYTHING);
  });

  it('a reload that changes the policy applies to the next run', async () => {
    const hooks = start({ mode: 'no-secrets' });
    expect((await fire(hooks))['project-hook']).not.toContain('HS_SPEC_API_KEY');
    const user = file('user.json', { hooks: { BeforeTool: [{ hooks: [printer('user-hook', ' | cat')] }] } });
    const project = path.join(world.dir, 'project.json');
    await hooks.reload([
      { scope: 'project', path: project, required: true },
      { scope: 'user', path: user, required: true },
    ]);
    expect((await fire(hooks))['project-hook']).toEqual(EVERYTHING);
  });
});
