/**
 * The command executor against real processes: the exit-code protocol, stdin and environment, shell and
 * exec forms, hostile project paths and strict hooks. Process lifecycles (timeouts, kills, pipes held
 * open, floods, dispose, concurrency) are in commandExecutor.lifecycle.spec.ts.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { firstValueFrom } from 'rxjs';
import { createCommandExecutor, type CommandExecutor } from '../../lib/executors/commandExecutor.js';
import { withFailurePolicy } from '../../lib/executors/failurePolicy.js';
import { startable, startOf } from '../../lib/executors/startRun.js';
import { fixture, ProcessTest, runOnce, warmUpSpawning } from '../process/processHarness.js';

let t: ProcessTest;
let executor: CommandExecutor;
/** Executors replaced by `make` in a test: each has a spawn helper to stop before the leftover checks. */
const replaced: CommandExecutor[] = [];

const make = (options: Partial<Parameters<typeof createCommandExecutor>[0]> = {}): CommandExecutor => {
  if (executor !== undefined) replaced.push(executor);
  executor = createCommandExecutor({ projectDir: t.dir, sessionId: 'spec-session', forceKillAfterMs: 300, ...options });
  return executor;
};
const shell = (command: string, extra: Record<string, unknown> = {}) =>
  runOnce(executor, t.hook({ command, ...extra }), t.input());

beforeAll(warmUpSpawning);

beforeEach(() => {
  t = new ProcessTest();
  make();
});

afterEach(async () => {
  await Promise.all(replaced.splice(0).map((old) => old.dispose()));
  await t.verifyClean(executor);
});

describe('exit 0', () => {
  it('is a success with no output when stdout is empty or blank', async () => {
    const run = await shell('printf "  \\n"');
    expect(run).toMatchObject({ outcome: 'success', exitCode: 0, name: 'printf "  \\n"', source: 'project' });
    expect(run.output).toBeUndefined();
    expect(run.command).toBe('printf "  \\n"');
    expect(run.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('decodes a JSON object and receives the input as JSON plus a newline on stdin', async () => {
    const run = await shell(fixture('echo-input.mjs'));
    expect(run.outcome).toBe('success');
    expect(run.output).toEqual({ systemMessage: 'BeforeTool:write_file:true' });
  });

  it('turns plain text, a JSON array or a number into an allow with a systemMessage', async () => {
    expect((await shell('echo "  all good  "')).output).toEqual({ decision: 'allow', systemMessage: 'all good' });
    expect((await shell('echo "[1,2]"')).output).toEqual({ decision: 'allow', systemMessage: '[1,2]' });
    expect((await shell('echo 42')).output).toEqual({ decision: 'allow', systemMessage: '42' });
  });

  it('decodes a JSON string holding JSON twice', async () => {
    const run = await shell(`echo '"{\\"decision\\":\\"deny\\",\\"reason\\":\\"twice\\"}"'`);
    expect(run).toMatchObject({ outcome: 'blocked', output: { decision: 'deny', reason: 'twice' }, message: 'twice' });
  });

  it('is blocked when the decoded decision is block or deny', async () => {
    const run = await shell(`echo '{"decision":"block","reason":"no writes"}'`);
    expect(run).toMatchObject({ outcome: 'blocked', exitCode: 0, message: 'no writes' });
  });

  it('drops a field of the wrong type with a warning and keeps the rest', async () => {
    const run = await shell(`echo '{"continue":"yes","systemMessage":"kept"}'`);
    expect(run.outcome).toBe('success');
    expect(run.output).toEqual({ systemMessage: 'kept' });
    expect(run.outputWarnings).toHaveLength(1);
    expect(run.outputWarnings?.[0]).toContain('"continue"');
  });

  it('strips a byte order mark before parsing', async () => {
    const run = await shell(fixture('bom.sh'));
    expect(run).toMatchObject({ outcome: 'blocked', output: { decision: 'block', reason: 'bom stripped' } });
  });

  it('fails on stdout that is not valid UTF-8: the lossy text is shown, never used as a decision', async () => {
    const run = await shell(fixture('invalid-utf8.sh'));
    expect(run).toMatchObject({ outcome: 'failed', exitCode: 0 });
    expect(run.message).toBe(`Hook "${fixture('invalid-utf8.sh')}" output was not used: stdout is not valid UTF-8`);
    expect(run.output).toBeUndefined();
    expect(run.stdout).toBe('{"systemMessage":"caf\uFFFD"}');
    expect(run.outputWarnings).toContain('stdout is not valid UTF-8');
  });

  it('fails on an exit-2 block whose stdout is not valid UTF-8, and keeps a lossy stderr as text', async () => {
    const run = await shell(`printf '{"decision":"block","reason":"caf\\xe9"}'; printf 'caf\\xe9' >&2; exit 2`);
    expect(run).toMatchObject({ outcome: 'failed', exitCode: 2 });
    expect(run.output).toBeUndefined();
    expect(run.stderr).toBe('caf\uFFFD');
    expect(run.outputWarnings).toEqual(['stdout is not valid UTF-8', 'stderr is not valid UTF-8']);
  });

  it('does not mind a hook that never reads a 4 MiB stdin', async () => {
    const run = await runOnce(
      executor,
      t.hook({ command: fixture('ignore-stdin.sh') }),
      t.input({ blob: 'x'.repeat(4 * 1024 * 1024) }),
    );
    expect(run).toMatchObject({ outcome: 'success', exitCode: 0 });
  });
});

describe('exit 2', () => {
  it('blocks with stderr as the reason', async () => {
    const run = await shell('echo "not on main" >&2; exit 2');
    expect(run).toMatchObject({ outcome: 'blocked', exitCode: 2, message: 'not on main' });
    expect(run.output).toEqual({ decision: 'block', reason: 'not on main' });
    expect(run.stderr).toBe('not on main\n');
  });

  it('keeps the JSON fields, prefers the JSON reason and forces the decision to block', async () => {
    const run = await shell(
      `echo '{"decision":"allow","reason":"json says","systemMessage":"shown"}'; echo ignored >&2; exit 2`,
    );
    expect(run.output).toEqual({ decision: 'block', reason: 'json says', systemMessage: 'shown' });
    expect(run.message).toBe('json says');
  });

  it('keeps deny as deny', async () => {
    const run = await shell(`echo '{"decision":"deny"}'; echo why >&2; exit 2`);
    expect(run.output).toEqual({ decision: 'deny', reason: 'why' });
  });

  it('falls back to stdout text, then to a fixed reason with a warning', async () => {
    expect((await shell('echo "plain reason"; exit 2')).message).toBe('plain reason');
    const bare = await shell('exit 2');
    expect(bare).toMatchObject({ outcome: 'blocked', message: 'Hook exited with code 2' });
    expect(bare.outputWarnings?.[0]).toContain('without a reason');
  });
});

describe('other exit codes', () => {
  it('exit 1 is a warning naming the first stderr line; its JSON is not applied', async () => {
    const run = await runOnce(
      executor,
      t.hook({ command: `echo '{"decision":"block"}'; printf '\\nboom\\nmore\\n' >&2; exit 1`, name: 'lint' }),
      t.input(),
    );
    expect(run).toMatchObject({ outcome: 'warning', exitCode: 1, message: 'Hook "lint" exited with code 1: boom' });
    expect(run.output).toBeUndefined();
  });

  it('exit 127 (the shell found no such command) is a failure, not a warning: the hook never ran', async () => {
    const run = await shell('no-such-command-hookstream');
    expect(run).toMatchObject({ outcome: 'failed', exitCode: 127 });
    expect(run.message).toMatch(/^Hook "no-such-command-hookstream" command not found \(exit code 127\): .*not found/);
  });

  it('exit 126 (not executable) is a failure', async () => {
    const run = await shell(fixture('not-executable.sh'));
    expect(run).toMatchObject({ outcome: 'failed', exitCode: 126 });
    expect(run.message).toContain('command is not executable (exit code 126)');
  });

  it('death by signal is a failure with the signal and no exit code', async () => {
    const run = await shell('kill -9 $$');
    expect(run).toMatchObject({ outcome: 'failed', signal: 'SIGKILL' });
    expect(run.exitCode).toBeUndefined();
    expect(run.message).toContain('SIGKILL');
  });
});

describe('environment and forms', () => {
  it('exports the project directory, session and event, plus the hook env', async () => {
    const names = ['HOOKSTREAM_PROJECT_DIR', 'LLXPRT_PROJECT_DIR', 'GEMINI_PROJECT_DIR', 'CLAUDE_PROJECT_DIR'];
    const command = [...names, 'HOOKSTREAM_SESSION_ID', 'HOOKSTREAM_EVENT', 'MINE']
      .map((name) => `echo "$${name}"`)
      .join('; ');
    const run = await shell(command, { env: { MINE: 'own value' } });
    expect(run.output?.systemMessage?.split('\n')).toEqual([
      ...names.map(() => t.dir),
      'spec-session',
      'BeforeTool',
      'own value',
    ]);
  });

  it('uses only the given base env', async () => {
    // SHLVL only because bash spawned from Node starts ~0.5 s slower on this machine without it.
    make({ env: { PATH: process.env.PATH, SHLVL: '1', ONLY_THIS: 'yes' } });
    const run = await shell('echo "${ONLY_THIS}-${HOME:-unset}"');
    expect(run.output?.systemMessage).toBe('yes-unset');
  });

  it('runs the exec form without a shell: spaces and $HOME stay literal', async () => {
    const args = ['two words', '$HOME', '`id`', '"quoted"'];
    const run = await runOnce(executor, t.hook({ command: fixture('print-args.sh'), args }), t.input());
    expect(run.outcome).toBe('success');
    expect(run.stdout?.split('\n').slice(0, -1)).toEqual(args);
    expect(run.command).toBe([fixture('print-args.sh'), ...args].join(' '));
  });

  it('runs one simple command as bash would without it: argv[0] as written, unquoted values split', async () => {
    const cmdline = await shell('cat /proc/self/cmdline');
    expect(cmdline.stdout).toBe('cat\0/proc/self/cmdline\0');
    const printed = await shell(`${fixture('print-args.sh')} $SPLIT "$Q" '' $EMPTY`, {
      env: { SPLIT: ' a  b ', Q: 'c d', EMPTY: '' },
    });
    expect(printed.stdout).toBe('a\nb\nc d\n\n');
    const missing = await shell('./missing-hook.sh --strict');
    expect(missing).toMatchObject({ outcome: 'failed', exitCode: 127 });
    expect(missing.stderr).toMatch(/bash: line 1: \.\/missing-hook\.sh: No such file or directory\n$/);
  });

  it('reports a missing exec-form program as a spawn failure', async () => {
    const run = await runOnce(executor, t.hook({ command: '/nonexistent/hookstream-hook', args: [] }), t.input());
    expect(run.outcome).toBe('failed');
    expect(run.message).toContain('ENOENT');
  });

  it('never substitutes a hostile project directory into the command', async () => {
    const hostile = ['x"; touch pwned; "', '$(touch pwned2)', '`touch pwned3`'];
    for (const name of hostile) {
      const projectDir = path.join(t.dir, name);
      mkdirSync(projectDir);
      const scoped = createCommandExecutor({ projectDir, sessionId: 's', forceKillAfterMs: 300 });
      const run = await runOnce(
        scoped,
        t.hook({ command: 'echo "$HOOKSTREAM_PROJECT_DIR" > out; echo "$CLAUDE_PROJECT_DIR"' }),
        t.input(),
      );
      await scoped.dispose();
      expect(run.outcome).toBe('success');
      expect(readFileSync(path.join(projectDir, 'out'), 'utf8')).toBe(`${projectDir}\n`);
      expect(run.output?.systemMessage).toBe(projectDir);
    }
    const everything = readdirSync(t.dir, { recursive: true }).map(String);
    expect(everything.filter((file) => path.basename(file).startsWith('pwned'))).toEqual([]);
    expect(existsSync(path.join(process.cwd(), 'pwned'))).toBe(false);
  });

  it('reports an oversized environment (E2BIG) as a spawn failure', async () => {
    const run = await shell('true', { env: { HUGE: 'x'.repeat(300 * 1024) } });
    expect(run.outcome).toBe('failed');
    expect(run.message).toContain('E2BIG');
  });

  it('fails with the directory named when the project directory is missing', async () => {
    const missing = path.join(t.dir, 'gone');
    make({ projectDir: missing });
    const run = await shell('true');
    expect(run.outcome).toBe('failed');
    expect(run.message).toContain(missing);
  });

  it('fails a hook that is not a command hook', async () => {
    const entry = {
      ...t.hook({ command: 'true' }),
      definition: { type: 'function' as const, name: 'f', run: () => undefined },
    };
    const run = await runOnce(executor, entry, t.input());
    expect(run.outcome).toBe('failed');
  });
});

describe('strict hooks (failurePolicy: block)', () => {
  it('turns exit 1, a timeout and command-not-found into blocks that say what failed', async () => {
    const cases = [
      { command: 'echo broken >&2; exit 1', expected: 'exited with code 1: broken' },
      { command: fixture('sleep-forever.sh'), timeout: 200, expected: 'timed out after 200 ms' },
      { command: 'no-such-command-hookstream', expected: 'command not found' },
    ];
    for (const { expected, ...definition } of cases) {
      // The failure policy is one decorator over every executor (createExecutors composes it).
      const policed = startable(withFailurePolicy(startOf(executor.execute), 'block'));
      const run = await firstValueFrom(
        policed(t.hook({ ...definition, failurePolicy: 'block', name: 'strict' }), t.input()),
      );
      expect(run.outcome).toBe('blocked');
      expect(run.output?.decision).toBe('block');
      expect(run.output?.reason).toContain('Hook "strict" failed (strict): ');
      expect(run.output?.reason).toContain(expected);
      expect(run.message).toBe(run.output?.reason);
    }
  });

  it('leaves a non-strict failure and a strict success alone', async () => {
    expect((await shell('exit 1', { failurePolicy: 'allow' })).outcome).toBe('warning');
    expect((await shell('exit 0', { failurePolicy: 'block' })).outcome).toBe('success');
  });
});

describe('file descriptor headroom', () => {
  const hasPrlimit = (() => {
    try {
      execFileSync('prlimit', ['--version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

  /** Runs `body` with the soft descriptor limit of `pid` lowered to `low`, then restores it. */
  const withFdLimit = async (pid: number, low: number, body: () => Promise<void>): Promise<void> => {
    const limits = readFileSync(`/proc/${pid}/limits`, 'utf8')
      .split('\n')
      .find((line) => line.startsWith('Max open files'));
    const [soft, hard] = (limits ?? '').slice('Max open files'.length).trim().split(/\s+/);
    execFileSync('prlimit', ['--pid', String(pid), `--nofile=${low}:${hard}`]);
    try {
      await body();
    } finally {
      execFileSync('prlimit', ['--pid', String(pid), `--nofile=${soft}:${hard}`]);
    }
  };

  it.runIf(hasPrlimit)(
    'spawning from the host: fails the hook instead of spawning when descriptors run short',
    async () => {
      await withFdLimit(process.pid, readdirSync('/proc/self/fd').length + 20, async () => {
        // Created under the low limit: the budget measures once here, then counts its own pipes.
        make({ spawnHelper: false });
        const run = await shell('true');
        expect(run.outcome).toBe('failed');
        expect(run.message).toContain('too few file descriptors');
      });
      // The limit restored, the same executor measures again and spawns.
      expect((await shell('true')).outcome).toBe('success');
    },
  );

  it.runIf(hasPrlimit)(
    'through the helper: a helper out of descriptors fails the run, and goes on serving',
    async () => {
      const helper = executor.spawnHelperPid;
      expect(helper).toBeDefined();
      expect((await shell('true')).outcome).toBe('success');
      const helperFds = readdirSync(`/proc/${String(helper)}/fd`).length;
      await withFdLimit(helper ?? 0, helperFds + 1, async () => {
        const run = await shell('true');
        expect(run.outcome).toBe('failed');
        expect(run.message).toContain('EMFILE');
      });
      expect((await shell('true')).outcome).toBe('success');
      expect(executor.spawnHelperPid).toBe(helper);
    },
  );
});
