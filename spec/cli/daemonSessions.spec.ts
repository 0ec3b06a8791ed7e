/**
 * Session policies through the installed entry keep their state whatever happens to the daemon, since an agent
 * can stop it or touch a settings file as easily as run any command: a settings edit carries every session on,
 * a daemon stopped by SIGTERM saves them and the next one restores them, and after a SIGKILL (nothing saved) the
 * sessions it held are denied, saying why, while a new session starts afresh. Real processes: the shell client,
 * the built daemon, signals.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPiped, type PipedRun } from '../helpers/pipedRun.js';
import { eventually, MARKER_VARIABLE, markedProcesses } from '../process/processHarness.js';
import { REPO_ROOT } from './cliHarness.js';

const SCRIPT = path.join(REPO_ROOT, 'dist', 'lib', 'cli', 'hook.sh');
const marker = randomUUID();
const root = mkdtempSync(path.join(tmpdir(), 'hs-sessions-'));
const home = path.join(root, 'home');
const project = path.join(root, 'proj');
const settingsFile = path.join(home, '.hookstream', 'settings.json');
const LIMIT_REASON = 'session policy "two-shells": more than 2 matching calls in this session';

/** One Claude Code Bash call of `session` through the installed shell entry. */
const bash = (session: string): Promise<PipedRun> =>
  runPiped(
    '/bin/sh',
    [SCRIPT, process.execPath, 'claude', 'PreToolUse', '--installed-by-hookstream'],
    JSON.stringify({
      session_id: session,
      cwd: project,
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
    }),
    {
      cwd: project,
      env: Object.assign({}, process.env, {
        HOME: home,
        HOOKSTREAM_RUNTIME_DIR: path.join(root, 'run'),
        HOOKSTREAM_DAEMON_IDLE_MS: '120000',
        [MARKER_VARIABLE]: marker,
      }),
    },
  );

/** Sends `signal` to the daemon and waits until it is gone. */
const stopDaemon = async (signal: NodeJS.Signals): Promise<void> => {
  const pids = markedProcesses(marker);
  expect(pids.length).toBeGreaterThan(0);
  for (const pid of pids) process.kill(pid, signal);
  expect(await eventually(() => markedProcesses(marker).length === 0, 10_000)).toBe(true);
};

beforeAll(() => {
  mkdirSync(path.dirname(settingsFile), { recursive: true });
  mkdirSync(project);
  writeFileSync(
    settingsFile,
    JSON.stringify({ sessionPolicies: { 'two-shells': { limit: { match: '^Bash$', count: 2 } } } }),
  );
});

afterAll(async () => {
  try {
    for (const pid of markedProcesses(marker)) process.kill(pid, 'SIGKILL');
    await eventually(() => markedProcesses(marker).length === 0, 10_000);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

describe('session policies through the installed entry', () => {
  it('deny the third shell call of a session', async () => {
    expect((await bash('s1')).code).toBe(0);
    expect((await bash('s1')).code).toBe(0);
    const third = await bash('s1');
    expect(third.code).toBe(2);
    expect(third.stderr).toContain(LIMIT_REASON);
  });

  it('keep the count when a settings file is touched (the daemon rebuilds the project)', async () => {
    const later = new Date(Date.now() + 5_000);
    utimesSync(settingsFile, later, later);
    expect((await bash('s1')).stderr).toContain(LIMIT_REASON);
    expect((await bash('s2')).code).toBe(0);
  });

  it('keep the count across a daemon stopped by SIGTERM: the next daemon restores it', async () => {
    await stopDaemon('SIGTERM');
    expect((await bash('s1')).stderr).toContain(LIMIT_REASON);
    // s2 had one call before the stop: one more is allowed, the next is not.
    expect((await bash('s2')).code).toBe(0);
    expect((await bash('s2')).stderr).toContain(LIMIT_REASON);
  });

  it('deny the sessions a SIGKILLed daemon held, saying so, and let a new session start', async () => {
    expect((await bash('s3')).code).toBe(0);
    await stopDaemon('SIGKILL');
    for (const session of ['s1', 's3']) {
      const result = await bash(session);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/policy state was lost when the hookstream daemon holding it stopped/);
    }
    expect((await bash('s4')).code).toBe(0);
  });

  it('still deny those sessions after the next clean stop: lost stays lost', async () => {
    await stopDaemon('SIGTERM');
    expect((await bash('s3')).stderr).toMatch(/policy state was lost/);
    expect((await bash('s4')).code).toBe(0);
  });
});
