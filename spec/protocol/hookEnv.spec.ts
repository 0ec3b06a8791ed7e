import { describe, expect, it } from 'vitest';
import {
  buildHookEnv,
  createHookEnvironment,
  resolveInvocation,
  resolveShell,
  spawnEnv,
} from '../../lib/protocol/hookEnv.js';

describe('buildHookEnv', () => {
  it('layers base env, hookstream variables and the hook env, dropping undefined values', () => {
    const env = buildHookEnv({
      base: { KEEP: 'k', DROP: undefined, HOOKSTREAM_EVENT: 'stale' },
      projectDir: '/p',
      sessionId: 's',
      event: 'BeforeTool',
      runId: 'r',
      hookEnv: { HOOKSTREAM_SESSION_ID: 'mine' },
    });
    expect(env).toEqual({
      KEEP: 'k',
      HOOKSTREAM_PROJECT_DIR: '/p',
      LLXPRT_PROJECT_DIR: '/p',
      GEMINI_PROJECT_DIR: '/p',
      CLAUDE_PROJECT_DIR: '/p',
      HOOKSTREAM_SESSION_ID: 'mine',
      HOOKSTREAM_EVENT: 'BeforeTool',
      HOOKSTREAM_RUN_ID: 'r',
    });
  });
});

describe('createHookEnvironment', () => {
  it('copies the base once, with the project and session variables; later changes to the source are not seen', () => {
    const source: Record<string, string | undefined> = { KEEP: 'k', DROP: undefined };
    const environment = createHookEnvironment(source, '/p', 's');
    source.KEEP = 'changed';
    source.LATE = 'late';
    expect(environment.base).toEqual({
      KEEP: 'k',
      HOOKSTREAM_PROJECT_DIR: '/p',
      LLXPRT_PROJECT_DIR: '/p',
      GEMINI_PROJECT_DIR: '/p',
      CLAUDE_PROJECT_DIR: '/p',
      HOOKSTREAM_SESSION_ID: 's',
    });
  });

  it("gives each run only its own variables: event, run id, then the hook's env", () => {
    const environment = createHookEnvironment({ KEEP: 'k' }, '/p', 's');
    expect(environment.overlay('BeforeTool', 'r1')).toEqual({
      HOOKSTREAM_EVENT: 'BeforeTool',
      HOOKSTREAM_RUN_ID: 'r1',
    });
    expect(environment.overlay('AfterTool', 'r2', { MINE: 'm', HOOKSTREAM_EVENT: 'own' })).toEqual({
      HOOKSTREAM_EVENT: 'own',
      HOOKSTREAM_RUN_ID: 'r2',
      MINE: 'm',
    });
  });

  it('joins base and overlay into a new object for a spawn, the overlay winning, neither changed', () => {
    const environment = createHookEnvironment({ KEEP: 'k', HOOKSTREAM_PROJECT_DIR: 'stale' }, '/p', 's');
    const overlay = environment.overlay('BeforeTool', 'r', { KEEP: 'hook' });
    const env = spawnEnv(environment.base, overlay);
    expect(env).toMatchObject({ KEEP: 'hook', HOOKSTREAM_PROJECT_DIR: '/p', HOOKSTREAM_RUN_ID: 'r' });
    expect(env).not.toBe(environment.base);
    expect(environment.base.KEEP).toBe('k');
  });
});

describe('resolveInvocation', () => {
  it('runs the shell form under bash -c with the command text untouched', () => {
    const invocation = resolveInvocation({ type: 'command', command: 'echo "$HOOKSTREAM_PROJECT_DIR"' });
    expect(invocation).toEqual({
      file: resolveShell(),
      args: ['-c', 'echo "$HOOKSTREAM_PROJECT_DIR"'],
      display: 'echo "$HOOKSTREAM_PROJECT_DIR"',
    });
    expect(resolveShell()).toMatch(/\/bash$/);
  });

  it('runs the exec form without a shell', () => {
    expect(resolveInvocation({ type: 'command', command: 'tool', args: ['a b', '$X'] })).toEqual({
      file: 'tool',
      args: ['a b', '$X'],
      display: 'tool a b $X',
    });
  });
});
