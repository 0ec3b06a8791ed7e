/**
 * What a dialect hook's spawn uses (lib/executors/dialectRuns.ts): nothing for hookstream's own hooks; for a
 * Claude plugin hook, the native stdin, its agent's variables, the placeholder rewritten to a variable, a
 * session env file on SessionStart (removed on dispose), and its agent's protocol.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CommandHookConfig, HookEntry, Mutable } from '../../lib/model/types.js';
import { createEntry, withId } from '../../lib/plan/createEntry.js';
import { createDialectRuns } from '../../lib/executors/dialectRuns.js';
import type { EventName } from '../../lib/events/names.js';

const hookOf = (event: EventName, command: string, origin: Partial<HookEntry['origin']> = {}): HookEntry => {
  const { entry } = createEntry(event, { type: 'command', command }, { source: 'extension' });
  Object.assign(entry.origin as Mutable<HookEntry['origin']>, origin);
  return withId(entry, 1);
};

const definitionOf = (hook: HookEntry) => hook.definition as CommandHookConfig;

describe('createDialectRuns', () => {
  it("leaves hookstream's own hooks alone", () => {
    const runs = createDialectRuns('/repo', 's1');
    const hook = hookOf('BeforeTool', 'guard.sh');
    expect(runs.prepare(hook, definitionOf(hook), { hook_event_name: 'BeforeTool' })).toBeUndefined();
    const marked = hookOf('BeforeTool', 'guard.sh', { dialect: 'hookstream', nativeEvent: 'PreToolUse' });
    expect(runs.prepare(marked, definitionOf(marked), { hook_event_name: 'BeforeTool' })).toBeUndefined();
  });

  it('gives a Claude plugin hook its stdin, variables, rewritten placeholder and protocol', () => {
    const runs = createDialectRuns('/repo', 's1');
    const hook = hookOf('BeforeTool', 'node ${CLAUDE_PLUGIN_ROOT}/check.js', {
      dialect: 'claude',
      nativeEvent: 'PreToolUse',
      bundle: { root: '/plugins/p', dataDir: '/data/p' },
    });
    const run = runs.prepare(hook, definitionOf(hook), {
      hook_event_name: 'BeforeTool',
      session_id: 'input-session',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
      tool_call_id: 'call-1',
    });
    expect(run?.stdin).toMatchObject({
      hook_event_name: 'PreToolUse',
      tool_use_id: 'call-1',
      session_id: 'input-session',
    });
    expect(run?.definition.command).toBe('node "${CLAUDE_PLUGIN_ROOT}"/check.js');
    expect(run?.env).toMatchObject({
      CLAUDE_PROJECT_DIR: '/repo',
      CLAUDE_PLUGIN_ROOT: '/plugins/p',
      CLAUDE_PLUGIN_DATA: '/data/p',
    });
    expect(run?.env).not.toHaveProperty('CLAUDE_ENV_FILE');
    const verdict = run?.interpret('check', {
      exitCode: 2,
      stdout: '{"decision":"approve"}',
      stderr: 'dangerous',
      timedOut: false,
      timeoutMs: 1000,
    });
    expect(verdict?.outcome).toBe('blocked');
    expect(verdict?.output?.reason).toContain('dangerous');
    runs.dispose();
  });

  it('creates the session env file on SessionStart, reads back what hooks appended, removes it on dispose', () => {
    const runs = createDialectRuns('/repo', 's1');
    expect(runs.readEnvFile()).toBeUndefined();
    const hook = hookOf('SessionStart', 'setup.sh', { dialect: 'claude', nativeEvent: 'SessionStart' });
    const run = runs.prepare(hook, definitionOf(hook), { hook_event_name: 'SessionStart', source: 'compress' });
    expect(run?.stdin).toMatchObject({ hook_event_name: 'SessionStart', source: 'compact' });
    const path = run?.env['CLAUDE_ENV_FILE'] as string;
    writeFileSync(path, 'export FROM_HOOK=1\n', { flag: 'a' });
    expect(runs.readEnvFile()?.variables).toEqual({ FROM_HOOK: '1' });
    runs.dispose();
    expect(existsSync(path)).toBe(false);
  });
});
