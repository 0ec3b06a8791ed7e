/**
 * Runs the real, built `hookstream` command (`node dist/lib/cli/main.js …`) as a child process, with
 * temp project and home directories, and checks that no process it started is left behind.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { HookResult } from '../../lib/model/types.js';
import { assertFreshBuild, BUILT_CLI, REPO_ROOT } from '../helpers/builtCli.js';

export { REPO_ROOT };
/** The command every run starts; refused when the build is older than the sources. */
export const MAIN = BUILT_CLI;
assertFreshBuild();
/** Set in every run's environment, and so in every hook's: finds processes a run left behind. */
export const MARKER_VARIABLE = 'HOOKSTREAM_CLI_SPEC_MARKER';
/** Start-up on a loaded two-core machine takes seconds; this only bounds a hung run. */
const RUN_TIMEOUT_MS = 45_000;

/** Generous per-test timeout for tests that run the CLI. */
export const CLI_TEST_TIMEOUT_MS = 90_000;

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  stdin?: string;
  env?: Record<string, string>;
  /** Variables of this process's environment the run must not have (`SHLVL`). */
  unset?: readonly string[];
}

/** One case of a spec file: its own project and home under the world, and the environment its runs get. */
export interface CliCase {
  readonly project: string;
  readonly home: string;
  /** HOME is the case's home; more variables when the case was set up with them. */
  readonly env: Record<string, string>;
}

/** A `hookstream fire --json` run and the result it printed (`undefined` when stdout was empty). */
export interface FireRun {
  run: CliRun;
  result: HookResult | undefined;
}

/** Pids of live processes whose environment holds the marker; unreadable entries are skipped. */
const markedProcesses = (marker: string): number[] => {
  const needle = Buffer.from(`${MARKER_VARIABLE}=${marker}\0`);
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return readFileSync(`/proc/${entry}/environ`).includes(needle);
      } catch {
        return false; // gone meanwhile, or not ours to read
      }
    })
    .map(Number);
};

/** One spec file's world: temp directories, settings writers, and the CLI runner. */
export class CliWorld {
  readonly marker = randomUUID();
  readonly root = mkdtempSync(path.join(tmpdir(), 'hookstream-cli-'));
  /** HOME of every run, so the user's own ~/.hookstream never leaks in. */
  readonly home = this.dir('home');

  /** A fresh directory under the world's root. */
  dir(name: string): string {
    const dir = path.join(this.root, name);
    mkdirSync(dir, { recursive: true });
    return dir;
  }

  /** Writes `content` (objects as JSON) to `file` under the root and returns its absolute path. */
  write(file: string, content: unknown, mode = 0o644): string {
    const target = path.join(this.root, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
    chmodSync(target, mode);
    return target;
  }

  /** Runs `hookstream <args>` from the repository root; resolves when it has exited. */
  run(args: readonly string[], options: RunOptions = {}): Promise<CliRun> {
    return new Promise((resolve, reject) => {
      const unset = new Set(options.unset ?? []);
      const env: NodeJS.ProcessEnv = Object.fromEntries(
        Object.entries({
          ...process.env,
          HOME: this.home,
          NO_COLOR: '1',
          [MARKER_VARIABLE]: this.marker,
          ...options.env,
        }).filter(([name]) => !unset.has(name)),
      );
      const child = spawn(process.execPath, [MAIN, ...args], {
        cwd: REPO_ROOT,
        env,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        resolve({ code, signal, stdout, stderr });
      });
      child.stdin.on('error', () => undefined); // a run that never reads stdin is fine
      child.stdin.end(options.stdin ?? '');
    });
  }

  /** Live processes started by this world's runs (hooks included): none should outlive a run. */
  leftovers(): number[] {
    return markedProcesses(this.marker);
  }

  cleanup(): void {
    rmSync(this.root, { recursive: true, force: true });
  }

  /**
   * A fresh project and home for one case: `files` maps paths under the case (`project/…`, `home/…`) to
   * contents; `env` adds to the case's HOME in every run of it.
   */
  setUpCase(name: string, files: Record<string, unknown> = {}, env: Record<string, string> = {}): CliCase {
    const home = this.dir(`${name}/home`);
    const project = this.dir(`${name}/project`);
    for (const [file, content] of Object.entries(files)) this.write(`${name}/${file}`, content);
    return { home, project, env: Object.assign({ HOME: home }, env) };
  }

  /** `hookstream fire <event> --input <json> --project-dir <case's project> --json <extra>`, in the case's env. */
  async fire(where: CliCase, event: string, input: Record<string, unknown>, extra: string[] = []): Promise<FireRun> {
    const run = await this.run(
      ['fire', event, '--input', JSON.stringify(input), '--project-dir', where.project, '--json', ...extra],
      { env: where.env },
    );
    return { run, result: run.stdout === '' ? undefined : (JSON.parse(run.stdout) as HookResult) };
  }

  /** `hookstream trust --all` for the case's project, as its user would after reviewing its hooks; exits 0. */
  async approve(where: CliCase): Promise<CliRun> {
    const run = await this.run(['trust', '--all', '--project-dir', where.project], { env: where.env });
    expect(run.code).toBe(0);
    return run;
  }

  /**
   * The end of a spec file (its `afterAll`): allows processes its runs started up to 5 s to exit (a hook's
   * group on a loaded machine), expects none left, and removes the root.
   */
  async finish(): Promise<void> {
    const until = Date.now() + 5_000;
    while (this.leftovers().length > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(this.leftovers()).toEqual([]);
    this.cleanup();
  }
}

/** A settings object with hooks enabled and the given `hooks` section. */
export const enabledSettings = (hooks: Record<string, unknown>): Record<string, unknown> => ({
  tools: { enableHooks: true },
  hooks,
});

/** One hook group holding shell-form `commands`, with an optional matcher. */
export const group = (commands: string[], matcher?: string, extra: Record<string, unknown> = {}) => ({
  ...(matcher === undefined ? {} : { matcher }),
  ...extra,
  hooks: commands.map((command) => ({ type: 'command', command })),
});
