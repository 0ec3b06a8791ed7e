/** runHookScript: real command hooks through the real executor — exec and shell forms, exit codes, env, timeout, cleanup. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { beforeTool, runHookScript, scriptHook } from '../../lib/testing/index.js';

const fixture = (name: string): string => fileURLToPath(new URL(`../fixtures/testing/${name}`, import.meta.url));
const dirs: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'hookstream-testing-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('runHookScript', () => {
  it('runs an executable bash hook: exit 2 blocks with stderr as the reason, exit 0 decodes stdout', async () => {
    const blocked = await runHookScript(fixture('deny-etc.sh'), beforeTool('write_file', { file_path: '/etc/hosts' }));
    expect(blocked).toMatchObject({
      outcome: 'blocked',
      exitCode: 2,
      message: 'writes to /etc are not allowed',
      source: 'project',
    });
    const allowed = await runHookScript(fixture('deny-etc.sh'), beforeTool('write_file', { file_path: 'src/a.ts' }));
    expect(allowed).toMatchObject({ outcome: 'success', exitCode: 0, output: { decision: 'allow' } });
  });

  it('runs a node script (no executable bit) with node, passing the event on stdin', async () => {
    const run = await runHookScript(fixture('echo-event.mjs'), beforeTool('read_file', {}, { session_id: 's-9' }));
    expect(run).toMatchObject({ outcome: 'success', output: { systemMessage: 'BeforeTool:read_file:s-9' } });
    expect(run.command).toBe(`${process.execPath} ${fixture('echo-event.mjs')}`);
  });

  it('passes args without a shell, the hook env and the project directory', async () => {
    const projectDir = tempDir();
    const run = await runHookScript(fixture('not-executable.sh'), beforeTool('x'), {
      args: ['one', '$(touch pwned)'],
      env: { GREETING: 'hi' },
      projectDir,
    });
    expect(run.output).toEqual({ systemMessage: `args=one $(touch pwned) greeting=hi project=${projectDir}` });
  });

  it('runs a command line in the shell form, in the project directory', async () => {
    const projectDir = tempDir();
    const run = await runHookScript('printf \'{"systemMessage":"%s"}\' "$(pwd)"', beforeTool('x'), { projectDir });
    expect(run.output).toEqual({ systemMessage: projectDir });
    expect(scriptHook('echo hi', { args: ['a'] })).toEqual({ type: 'command', command: 'echo hi', args: ['a'] });
  });

  it('times a hanging hook out, fails open, and leaves no process behind', async () => {
    const dir = tempDir();
    const pidFile = path.join(dir, 'pid');
    const run = await runHookScript(fixture('sleepy.sh'), beforeTool('x'), {
      env: { PID_FILE: pidFile },
      timeoutMs: 300,
      forceKillAfterMs: 200,
    });
    expect(run.outcome).toBe('timeout');
    expect(run.message).toMatch(/timed out/);
    expect(isAlive(Number(readFileSync(pidFile, 'utf8')))).toBe(false);
    const strict = await runHookScript(fixture('sleepy.sh'), beforeTool('x'), {
      env: { PID_FILE: pidFile },
      timeoutMs: 300,
      forceKillAfterMs: 200,
      failurePolicy: 'block',
    });
    expect(strict.outcome).toBe('blocked');
    expect(strict.message).toMatch(/strict.*timed out/);
    expect(isAlive(Number(readFileSync(pidFile, 'utf8')))).toBe(false);
  });
});
