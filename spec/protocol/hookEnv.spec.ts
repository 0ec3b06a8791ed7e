import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../lib/dialects/registry.js';
import {
  AGENT_VARIABLES,
  buildHookEnv,
  createHookEnvironment,
  inheritedByHooks,
  resolveInvocation,
  resolveShell,
  shellArgs,
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
      SHLVL: '1',
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
      SHLVL: '1',
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
  it('runs the shell form under bash --norc --noprofile -c with the command text untouched', () => {
    const invocation = resolveInvocation({ type: 'command', command: 'echo "$HOOKSTREAM_PROJECT_DIR"' });
    expect(invocation).toEqual({
      file: resolveShell(),
      args: ['--norc', '--noprofile', '-c', 'echo "$HOOKSTREAM_PROJECT_DIR"'],
      display: 'echo "$HOOKSTREAM_PROJECT_DIR"',
      // Under bash the command line is kept: one simple command may start without the shell.
      shellCommand: 'echo "$HOOKSTREAM_PROJECT_DIR"',
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

describe('shellArgs', () => {
  it('keeps bash from reading rc and profile files; sh (dash) takes no such option', () => {
    expect(shellArgs('/usr/bin/bash', 'x')).toEqual(['--norc', '--noprofile', '-c', 'x']);
    expect(shellArgs('sh', 'x')).toEqual(['-c', 'x']);
  });
});

describe('what hooks inherit', () => {
  const host = {
    PATH: '/usr/bin',
    BASH_ENV: '/home/u/.bashrc',
    ENV: '/home/u/.shrc',
    SHELLOPTS: 'errexit:nounset',
    BASHOPTS: 'extglob',
    'BASH_FUNC_cd%%': '() { echo hijacked; }',
    CLAUDE_PROJECT_DIR: '/elsewhere',
    CLAUDECODE: '1',
    GEMINI_PROJECT_DIR: '/elsewhere',
    GEMINI_CLI: '1',
    CURSOR_VERSION: '9.9',
    COPILOT_PLUGIN_ROOT: '/plugin',
    HOOKSTREAM_RUN_ID: 'stale',
    GEMINI_API_KEY: 'kept: configuration, not an agent marker',
  };

  it('drops shell startup variables and every agent variable of the host; keeps the rest', () => {
    const environment = createHookEnvironment(host, '/p', 's');
    expect(environment.agentBase).toEqual({
      PATH: '/usr/bin',
      GEMINI_API_KEY: host.GEMINI_API_KEY,
      SHLVL: '1',
      HOOKSTREAM_PROJECT_DIR: '/p',
      HOOKSTREAM_SESSION_ID: 's',
    });
    expect(environment.base).toEqual(
      Object.assign({}, environment.agentBase, {
        LLXPRT_PROJECT_DIR: '/p',
        GEMINI_PROJECT_DIR: '/p',
        CLAUDE_PROJECT_DIR: '/p',
      }),
    );
  });

  it("lets a hook's own env set them again", () => {
    const environment = createHookEnvironment(host, '/p', 's');
    const env = spawnEnv(environment.agentBase, environment.overlay('BeforeTool', 'r', { BASH_ENV: '/mine' }));
    expect(env.BASH_ENV).toBe('/mine');
  });

  it('keeps SHLVL of at least 1 whatever the host had', () => {
    for (const [given, kept] of [
      [undefined, '1'],
      ['0', '1'],
      ['-3', '1'],
      ['x', '1'],
      ['1', '1'],
      ['4', '4'],
    ] as const)
      expect(createHookEnvironment({ SHLVL: given }, '/p', 's').base.SHLVL).toBe(kept);
  });

  it("covers every variable of every dialect's table, its placeholders and its markers", () => {
    for (const dialect of DIALECTS) {
      for (const variable of dialect.variables) expect(inheritedByHooks(variable.name)).toBe(false);
      for (const placeholder of dialect.placeholders)
        if (placeholder.variable !== undefined) expect(AGENT_VARIABLES.has(placeholder.variable)).toBe(true);
      for (const marker of dialect.agentMarkers ?? []) expect(inheritedByHooks(marker)).toBe(false);
    }
  });
});
