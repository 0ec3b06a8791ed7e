/**
 * `CLAUDE_ENV_FILE` lines expand from their writer's environment only: a project hook under `no-secrets` that
 * writes `export X=$SECRET` must not hand the session a secret it never saw, while a user hook beside it (which
 * was given the whole environment) may. Real hooks from a project's and the user's `.claude/settings.json`,
 * run through `createHookSystem`; the host's base passed to `sessionEnv()` is narrowed the same way.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useAgentProject } from '../helpers/agentProject.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/dialects/export-secret.sh', import.meta.url));
const SECRET = 'hs-env-spec-secret-value';
const DEPLOY = `ghp_${'a1B2c3D4e5'.repeat(4)}`;
const HOST = { HS_ENV_SPEC_TOKEN: SECRET, HS_ENV_SPEC_DEPLOY: DEPLOY, HS_ENV_SPEC_PLAIN: 'plain' };

const world = useAgentProject('hookstream-session-env-secrets-', { checkLeftovers: true });
const sessionStart = (prefix: string) => ({
  hooks: {
    SessionStart: [
      { matcher: 'startup', hooks: [{ type: 'command', command: world.marked(`sh ${FIXTURE} ${prefix}`) }] },
    ],
  },
});
world.write('.claude/settings.json', sessionStart('PROJECT'));
mkdirSync(join(world.home, '.claude'), { recursive: true });
writeFileSync(join(world.home, '.claude', 'settings.json'), JSON.stringify(sessionStart('USER')));

beforeAll(() => {
  Object.assign(process.env, HOST);
});
afterAll(() => {
  for (const name of Object.keys(HOST)) Reflect.deleteProperty(process.env, name);
});

describe('CLAUDE_ENV_FILE under no-secrets', () => {
  it("expands a project hook's lines from its filtered environment, a user hook's from the whole one", async () => {
    const hooks = world.system({ sessionId: 'env-secrets', envPolicy: { mode: 'no-secrets' } });
    expect(hooks.problems).toEqual([]);
    const result = await hooks.fire('SessionStart', { source: 'startup' });
    expect(result.hooks.map((run) => [run.source, run.outcome])).toEqual([
      ['project', 'success'],
      ['user', 'success'],
    ]);
    const env = hooks.sessionEnv();
    expect(env.variables).toEqual({
      PROJECT_PLAIN: 'plain',
      PROJECT_SAW: 'unset', // the project hook itself was not given the secret
      USER_TOKEN: SECRET,
      USER_DEPLOY: DEPLOY,
      USER_PLAIN: 'plain',
      USER_SAW: SECRET,
    });
    // The project hook's two lines naming secrets are reported, never expanded.
    expect(env.problems).toEqual([
      expect.stringMatching(/^line 1: a value only a running shell could compute/),
      expect.stringMatching(/^line 2: a value only a running shell could compute/),
    ]);
    // A base the host passes is narrowed by the same policy for the project hook's lines.
    const fromHost = hooks.sessionEnv(process.env);
    expect(fromHost.variables.PROJECT_TOKEN).toBeUndefined();
    expect(fromHost.variables.PROJECT_DEPLOY).toBeUndefined();
    expect(fromHost.variables.USER_TOKEN).toBe(SECRET);
  });

  it('without a policy, both expand from the whole environment', async () => {
    const hooks = world.system({ sessionId: 'env-inherit' });
    await hooks.fire('SessionStart', { source: 'startup' });
    expect(hooks.sessionEnv().variables).toMatchObject({ PROJECT_TOKEN: SECRET, PROJECT_SAW: SECRET });
  });
});
