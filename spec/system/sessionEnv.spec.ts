/**
 * `CLAUDE_ENV_FILE` read back (issue 12): a Claude Code SessionStart hook from a project's `.claude/settings.json`,
 * run for real through `createHookSystem`, appends `export` lines to the session's env file; the host reads the
 * variables with `hooks.sessionEnv()` and with `sessionStartWithHooks`'s `env`, a line only a shell could compute
 * is a problem (never run), and `dispose()` removes the file and its directory.
 */
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sessionStartWithHooks } from '../../lib/host/sessionHooks.js';
import type { HookSystem } from '../../lib/system/hookSystem.js';
import { useAgentProject } from '../helpers/agentProject.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/dialects/export-session-env.sh', import.meta.url));
const world = useAgentProject('hookstream-session-env-', { checkLeftovers: true });
world.write('.claude/settings.json', {
  hooks: {
    SessionStart: [{ matcher: 'startup', hooks: [{ type: 'command', command: world.marked(`sh ${FIXTURE}`) }] }],
  },
});

const system = (): HookSystem => world.system({ sessionId: 'env-spec' });

/** The env file's path, which the fixture prints on stderr. */
const envFileOf = (stderr: string | undefined): string => (stderr ?? '').trim();

describe('CLAUDE_ENV_FILE read back through the hook system', () => {
  it('is empty before any hook that has one ran', () => {
    expect(system().sessionEnv()).toEqual({ variables: {}, unset: [], problems: [] });
  });

  it('gives the host what a SessionStart hook exported, with sessionStartWithHooks and sessionEnv()', async () => {
    const hookSystem = system();
    expect(hookSystem.problems).toEqual([]);
    const outcome = await sessionStartWithHooks(hookSystem, 'startup');
    expect(outcome.hookResult.hooks.map((run) => run.outcome)).toEqual(['success']);
    expect(outcome.env.variables).toEqual({ FOO: 'bar', JOINED: 'bar-baz' });
    expect(hookSystem.sessionEnv().variables).toEqual({ FOO: 'bar', JOINED: 'bar-baz' });
    // `$(date)` is never run and `$SPEC_TOOLS` is unset: both lines are reported, to the host and as warnings.
    expect(outcome.env.problems).toEqual([
      expect.stringMatching(/^line 3: a value only a running shell could compute/),
      expect.stringMatching(/^line 4: a value only a running shell could compute/),
    ]);
    expect(outcome.warnings).toContainEqual(expect.stringMatching(/^CLAUDE_ENV_FILE line 3: /));
  });

  it("expands $NAME in a value from the base the host gives (default: the hooks' environment)", async () => {
    const hookSystem = system();
    await hookSystem.fire('SessionStart', { source: 'startup' });
    expect(hookSystem.sessionEnv().variables.TOOLS).toBeUndefined();
    const env = hookSystem.sessionEnv({ SPEC_TOOLS: '/opt/tools' });
    expect(env.variables).toEqual({ FOO: 'bar', JOINED: 'bar-baz', TOOLS: '/opt/tools/bin' });
    expect(env.problems).toHaveLength(1);
  });

  it('removes the env file and its directory on dispose', async () => {
    const hookSystem = system();
    const result = await hookSystem.fire('SessionStart', { source: 'startup' });
    const path = envFileOf(result.hooks[0]?.stderr);
    expect(path).toMatch(/hookstream-env-.*env-spec\.env$/);
    expect(existsSync(path)).toBe(true);
    await hookSystem.dispose();
    expect(existsSync(path)).toBe(false);
    expect(existsSync(dirname(path))).toBe(false);
    expect(hookSystem.sessionEnv()).toEqual({ variables: {}, unset: [], problems: [] });
  });

  it('is not given to a SessionStart source no hook matches: nothing runs, nothing is created', async () => {
    const hookSystem = system();
    const result = await hookSystem.fire('SessionStart', { source: 'resume' });
    expect(result.hooks).toEqual([]);
    expect(hookSystem.sessionEnv().variables).toEqual({});
  });
});
