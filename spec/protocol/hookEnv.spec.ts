import { describe, expect, it } from 'vitest';
import { buildHookEnv, resolveInvocation, resolveShell } from '../../lib/protocol/hookEnv.js';

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
