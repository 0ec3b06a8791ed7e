/**
 * `hookstream fire` runs background hooks (`async: true`): it prints its answer at once — the JSON result
 * listing the hook as `waited` — and exits only once the hook has finished, with a line on stderr saying how
 * it ended. The hook waits for a `go` file the spec writes only after it has read the answer, then writes a
 * witness file: the answer came first, and the CLI waited for the hook.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLI_TEST_TIMEOUT_MS,
  CliWorld,
  MAIN,
  MARKER_VARIABLE,
  REPO_ROOT,
  enabledSettings,
  type CliCase,
} from './cliHarness.js';

// Waits (bounded: 600 × 50 ms) for `go`, then leaves the witness; without `go` it leaves nothing.
const LOGGER = [
  'for i in $(seq 1 600); do [ -e "$HOOKSTREAM_PROJECT_DIR/go" ] && break; sleep 0.05; done',
  '[ -e "$HOOKSTREAM_PROJECT_DIR/go" ] && echo logged > "$HOOKSTREAM_PROJECT_DIR/witness"',
].join('; ');

let world: CliWorld;
let where: CliCase;

beforeAll(() => {
  world = new CliWorld();
  where = world.setUpCase('background', {
    'home/.hookstream/settings.json': enabledSettings({
      BeforeTool: [
        { hooks: [{ type: 'command', name: 'logger', command: LOGGER, async: true, timeout: 40_000 }] },
        { hooks: [{ type: 'command', name: 'guard', command: 'echo \'{"decision":"allow"}\'' }] },
      ],
    }),
  });
});

afterAll(async () => {
  await world.finish();
});

interface Fired {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Whether the witness existed when the answer had been read (before `go` was written). */
  witnessBeforeGo: boolean;
  /** Whether the CLI was still running then. */
  runningAtAnswer: boolean;
}

/** Fires, waits for the complete JSON answer on stdout, notes the state, writes `go`, then waits for the exit. */
const fireAndRelease = (): Promise<Fired> =>
  new Promise((resolve, reject) => {
    const input = JSON.stringify({ tool_name: 'write_file', tool_input: { path: 'a' } });
    const child = spawn(
      process.execPath,
      [MAIN, 'fire', 'BeforeTool', '--input', input, '--project-dir', where.project, '--json'],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, ...where.env, NO_COLOR: '1', [MARKER_VARIABLE]: world.marker },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    let answered: Pick<Fired, 'witnessBeforeGo' | 'runningAtAnswer'> | undefined;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (answered !== undefined) return;
      try {
        JSON.parse(stdout);
      } catch {
        return; // not the whole answer yet
      }
      answered = {
        witnessBeforeGo: existsSync(path.join(where.project, 'witness')),
        runningAtAnswer: child.exitCode === null,
      };
      writeFileSync(path.join(where.project, 'go'), '');
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (answered === undefined) reject(new Error(`no answer before exit ${code}: ${stdout}${stderr}`));
      else resolve({ code, stdout, stderr, ...answered });
    });
  });

describe('hookstream fire with a background hook', () => {
  it(
    'answers at once, lists the hook as waited, and exits after it finished',
    async () => {
      const fired = await fireAndRelease();
      expect(fired.code).toBe(0);
      expect(fired.runningAtAnswer).toBe(true);
      expect(fired.witnessBeforeGo).toBe(false);
      const result = JSON.parse(fired.stdout) as { hooks: { name: string }[]; background?: unknown };
      expect(result.hooks.map((run) => run.name)).toEqual(['guard']);
      expect(result.background).toEqual([{ name: 'logger', state: 'waited' }]);
      // Waited for: the witness is there once the CLI has exited, and stderr says how the hook ended.
      expect(readFileSync(path.join(where.project, 'witness'), 'utf8')).toBe('logged\n');
      expect(fired.stderr).toMatch(/^hookstream: background hook "logger": success \(exit 0, \d+ ms\)$/m);
    },
    CLI_TEST_TIMEOUT_MS,
  );
});
