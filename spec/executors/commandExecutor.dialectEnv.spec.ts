/**
 * Each hook gets its own agent's variables only (plus hookstream's), in a real process per dialect that
 * writes its environment to a file. The host runs "inside" several agents at once — it carries Claude Code's,
 * Gemini CLI's, Cursor's and Copilot's variables — and none of them leaks into a hook of another dialect: a
 * multi-agent guard that looks for CLAUDE_PROJECT_DIR must not believe a Copilot hook runs under Claude.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { firstValueFrom } from 'rxjs';
import { afterAll, describe, expect, it } from 'vitest';
import type { DialectId } from '../../lib/dialects/types.js';
import type { HookEntry, Mutable } from '../../lib/model/types.js';
import { createCommandExecutor } from '../../lib/executors/commandExecutor.js';
import { createEntry, withId } from '../../lib/plan/createEntry.js';
import { MARKER_VARIABLE, markedProcesses } from '../process/processHarness.js';

const dir = mkdtempSync(path.join(tmpdir(), 'hookstream-dialect-env-'));
const project = mkdtempSync(path.join(dir, 'project-'));
const marker = `dialect-env-${process.pid}`;

/** The host's own environment: it runs inside several agents, with shell start-up variables set. */
const host: Record<string, string> = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: dir,
  CLAUDE_PROJECT_DIR: '/host/claude',
  CLAUDE_PLUGIN_ROOT: '/host/plugin',
  CLAUDECODE: '1',
  GEMINI_PROJECT_DIR: '/host/gemini',
  GEMINI_SESSION_ID: 'host-session',
  GEMINI_CLI: '1',
  LLXPRT_PROJECT_DIR: '/host/llxprt',
  CURSOR_VERSION: '0.0.0-host',
  CURSOR_PROJECT_DIR: '/host/cursor',
  COPILOT_PLUGIN_ROOT: '/host/copilot',
  BASH_ENV: path.join(dir, 'bash-env'),
  [MARKER_VARIABLE]: marker,
};

const executor = createCommandExecutor({ projectDir: project, sessionId: 's1', env: host, spawnHelper: false });

afterAll(async () => {
  await executor.dispose();
  expect(markedProcesses(marker)).toEqual([]);
  rmSync(dir, { recursive: true, force: true });
});

/** Runs a hook of `dialect` (configured under `nativeEvent`) that writes `env` to a file; returns the variables. */
const envOf = async (dialect: DialectId | undefined, nativeEvent: string): Promise<Record<string, string>> => {
  const out = path.join(dir, `${dialect ?? 'own'}.env`);
  const { entry } = createEntry(
    'BeforeTool',
    { type: 'command', command: 'env > "$ENV_OUT"', env: { ENV_OUT: out } },
    { source: 'user' },
  );
  if (dialect !== undefined) Object.assign(entry.origin as Mutable<HookEntry['origin']>, { dialect, nativeEvent });
  const input = {
    session_id: 's1',
    transcript_path: '',
    cwd: project,
    hook_event_name: 'BeforeTool',
    timestamp: '',
    tool_name: 'run_shell_command',
    tool_input: { command: 'ls' },
  };
  const run = await firstValueFrom(executor.execute(withId(entry, 1), input as never));
  expect(run.outcome, run.stderr).not.toBe('failed');
  const env: Record<string, string> = {};
  for (const line of readFileSync(out, 'utf8').split('\n')) {
    const at = line.indexOf('=');
    if (at > 0) env[line.slice(0, at)] = line.slice(at + 1);
  }
  return env;
};

/** The agent-specific variables a hook saw (every agent's prefix, and agents' process markers). */
const agentVariables = (env: Record<string, string>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(env).filter(([name]) => /^(CLAUDE|GEMINI|LLXPRT|CURSOR|COPILOT|CODEX)_|^CLAUDECODE$/.test(name)),
  );

describe('the variables of a hook, per dialect', () => {
  it.each([
    [
      'hookstream',
      undefined,
      'BeforeTool',
      { LLXPRT_PROJECT_DIR: project, GEMINI_PROJECT_DIR: project, CLAUDE_PROJECT_DIR: project },
    ],
    ['Claude Code', 'claude', 'PreToolUse', { CLAUDE_PROJECT_DIR: project }],
    [
      'Gemini CLI',
      'gemini',
      'BeforeTool',
      { GEMINI_PROJECT_DIR: project, CLAUDE_PROJECT_DIR: project, GEMINI_SESSION_ID: 's1', GEMINI_CWD: project },
    ],
    [
      'Cursor',
      'cursor',
      'preToolUse',
      { CURSOR_PROJECT_DIR: project, CURSOR_VERSION: 'hookstream', CLAUDE_PROJECT_DIR: project },
    ],
    ['GitHub Copilot', 'copilot', 'preToolUse', {}],
    ['Codex', 'codex', 'PreToolUse', {}],
  ] as const)('%s: its own agent variables only, none inherited from the host', async (_, dialect, native, own) => {
    const env = await envOf(dialect, native);
    expect(agentVariables(env)).toEqual(own);
    // hookstream's own, whatever the dialect.
    expect(env).toMatchObject({ HOOKSTREAM_PROJECT_DIR: project, HOOKSTREAM_SESSION_ID: 's1' });
    expect(env.HOOKSTREAM_EVENT).toBe('BeforeTool');
    expect(env.HOOKSTREAM_RUN_ID).toMatch(/^[0-9a-f-]{36}$/);
    // Nothing that makes a shell read a file; a marker variable of the host still arrives.
    expect(env).not.toHaveProperty('BASH_ENV');
    expect(env[MARKER_VARIABLE]).toBe(marker);
  });
});
