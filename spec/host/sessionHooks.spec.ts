import { describe, expect, it } from 'vitest';
import {
  notificationWithHooks,
  postCompressWithHooks,
  preCompressWithHooks,
  sessionEndWithHooks,
  sessionStartWithHooks,
} from '../../lib/host/sessionHooks.js';
import { AgentStopSignal } from '../../lib/host/stopSignal.js';
import { createHookSystem } from '../../lib/index.js';
import { MARKER_VARIABLE, markedProcesses } from '../process/processHarness.js';
import { KINDS, scratchDir, systemWith } from './hostHarness.js';

const context = (event: string, text: string) => ({
  hookSpecificOutput: { hookEventName: event, additionalContext: text },
});

const waitUntil = async (check: () => boolean, limitMs = 15_000): Promise<boolean> => {
  for (const start = Date.now(); Date.now() - start < limitMs; await new Promise((r) => setTimeout(r, 50)))
    if (check()) return true;
  return check();
};

describe.each(KINDS)('session helpers with %s hooks', (kind) => {
  it('SessionStart returns the context to inject', async () => {
    const hooks = systemWith(kind, {
      SessionStart: [{ matcher: 'startup', output: context('SessionStart', 'Project uses pnpm.') }],
    });
    const outcome = await sessionStartWithHooks(hooks, 'startup');
    expect(outcome.additionalContext).toBe('Project uses pnpm.');
  });

  it('SessionStart stop rejects with AgentStopSignal', async () => {
    const hooks = systemWith(kind, { SessionStart: [{ output: { continue: false, stopReason: 'not allowed here' } }] });
    await expect(sessionStartWithHooks(hooks, 'resume')).rejects.toBeInstanceOf(AgentStopSignal);
  });

  it('PreCompress block means skip, and its context guides the summary; PostCompress adds context', async () => {
    const hooks = systemWith(kind, {
      PreCompress: [{ output: { decision: 'block', reason: 'keep full history' } }],
      PostCompress: [{ output: context('PostCompress', 'Summary reviewed.') }],
    });
    const pre = await preCompressWithHooks(hooks, { trigger: 'auto', message_count: 40 });
    expect(pre.blocked).toEqual({ reason: 'keep full history' });
    const post = await postCompressWithHooks(hooks, { trigger: 'manual', summary: 'short' });
    expect(post.additionalContext).toBe('Summary reviewed.');
  });

  it('Notification surfaces system messages', async () => {
    const hooks = systemWith(kind, {
      Notification: [{ matcher: 'permission', output: { systemMessage: 'pinged the user' } }],
    });
    const outcome = await notificationWithHooks(hooks, {
      notification_type: 'permission_prompt',
      message: 'approve write?',
    });
    expect(outcome.systemMessages).toEqual(['pinged the user']);
  });

  it('SessionEnd is awaited and returns the hooks result', async () => {
    const hooks = systemWith(kind, { SessionEnd: [{ output: { systemMessage: 'bye' } }] });
    // The default 1.5 s flush is an exit budget, not what this checks: a loaded CI machine may need longer to spawn.
    const outcome = await sessionEndWithHooks(hooks, 'exit', { flushMs: 20_000 });
    expect(outcome).toMatchObject({ timedOut: false, systemMessages: ['bye'] });
  });
});

describe('sessionEndWithHooks bounds the flush', () => {
  it('stops a hook that outlives flushMs and kills its process', async () => {
    const dir = scratchDir();
    // The hook carries a marker in its environment: whether or not it started within flushMs on a loaded machine,
    // no process with the marker may outlive the flush (the /proc scan finds it wherever it is).
    const marker = `hookstream-flush-${process.pid}-${Date.now()}`;
    const hooks = createHookSystem({
      projectDir: dir,
      forceKillAfterMs: 200,
      settings: {
        tools: { enableHooks: true },
        hooks: {
          SessionEnd: [{ hooks: [{ type: 'command', command: 'exec sleep 30', env: { [MARKER_VARIABLE]: marker } }] }],
        },
      },
    });
    try {
      const outcome = await sessionEndWithHooks(hooks, 'exit', { flushMs: 500 });
      expect(outcome.timedOut).toBe(true);
      expect(outcome.warnings[0]).toContain('500 ms');
      expect(await waitUntil(() => markedProcesses(marker).length === 0)).toBe(true);
    } finally {
      await hooks.dispose();
    }
  });

  it('never rejects: a disposed system or a bad reason becomes a warning', async () => {
    const hooks = systemWith('function', { SessionEnd: [{ output: {} }] });
    const bad = await sessionEndWithHooks(hooks, 'crash' as never);
    expect(bad).toMatchObject({ timedOut: false });
    expect(bad.warnings[0]).toContain('reason');
    await hooks.dispose();
    const disposed = await sessionEndWithHooks(hooks, 'exit');
    expect(disposed.warnings[0]).toContain('disposed');
  });
});
