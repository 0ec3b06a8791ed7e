/**
 * Shared harness for specs that start real hook processes: hook and input builders, a per-test marker
 * variable, and the leftover checks run after every test — no process carries the marker
 * (a `/proc/<pid>/environ` scan also finds `setsid` escapees and orphans) and the descriptor count is
 * back where it started.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lastValueFrom, merge, toArray } from 'rxjs';
import { expect } from 'vitest';
import type { HookInput } from '../../lib/events/inputs.js';
import { createCommandExecutor, type CommandExecutor } from '../../lib/executors/commandExecutor.js';
import type { CommandHookConfig, HookEntry, HookRun } from '../../lib/model/types.js';
import type { Logger } from '../../lib/logging/logger.js';
import type { LaunchRequest, LaunchResult } from '../../lib/process/launch.js';
import { launchDirect } from '../../lib/process/launchDirect.js';

export const FIXTURES = fileURLToPath(new URL('../fixtures/run/', import.meta.url));
export const fixture = (name: string): string => path.join(FIXTURES, name);

export const MARKER_VARIABLE = 'HOOKSTREAM_SPEC_MARKER';

/** Pids of live processes whose environment holds `MARKER_VARIABLE=marker`; unreadable entries are skipped. */
export const markedProcesses = (marker: string): number[] => {
  const needle = Buffer.from(`${MARKER_VARIABLE}=${marker}\0`);
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/environ`).includes(needle)) found.push(Number(entry));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
};

export const openFds = (): number => readdirSync('/proc/self/fd').length;

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` holds or `ms` passes; returns whether it held. */
export const eventually = async (check: () => boolean, ms = 3000): Promise<boolean> => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) return false;
    await sleep(20);
  }
  return true;
};

export interface LogLine {
  level: string;
  message: string;
  meta: Record<string, unknown> | undefined;
}

/** A logger that records its lines; `debug` says whether debug logging is on (off by default). */
export const recordingLogger = (debug = false): { logger: Logger; lines: LogLine[] } => {
  const lines: LogLine[] = [];
  const at = (level: string) => (message: string, meta?: Record<string, unknown>) =>
    lines.push({ level, message, meta });
  const logger: Logger = {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    child: () => logger,
    isDebugEnabled: () => debug,
  };
  return { logger, lines };
};

/** One test's world: a marker, a temp directory, and the leftover checks. */
export class ProcessTest {
  readonly marker = randomUUID();
  readonly dir = mkdtempSync(path.join(tmpdir(), 'hookstream-run-'));
  private readonly fdsAtStart = openFds();
  private nextId = 0;

  hook(definition: Omit<CommandHookConfig, 'type'>, name?: string): HookEntry {
    const env = { [MARKER_VARIABLE]: this.marker, ...definition.env };
    const key = [definition.command, ...(definition.args ?? [])].join(' ');
    return {
      id: this.nextId++,
      event: 'BeforeTool',
      definition: { type: 'command', ...definition, env },
      origin: { source: 'project' },
      sequential: false,
      name: name ?? definition.name ?? key,
    };
  }

  input(extra: Record<string, unknown> = {}): HookInput {
    const input: HookInput = {
      session_id: 'spec-session',
      transcript_path: path.join(this.dir, 'transcript.json'),
      cwd: this.dir,
      hook_event_name: 'BeforeTool',
      timestamp: new Date().toISOString(),
      tool_name: 'write_file',
      tool_input: { path: 'a.txt' },
    };
    return { ...input, ...extra };
  }

  /** Disposes, then asserts nothing is left: processes with the marker (killed if found) and descriptors. */
  async verifyClean(executor: { dispose(): Promise<void>; readonly live?: number }): Promise<void> {
    await executor.dispose();
    if (executor.live !== undefined) expect(executor.live).toBe(0);
    await eventually(() => markedProcesses(this.marker).length === 0, 1000);
    const leftovers = markedProcesses(this.marker);
    for (const pid of leftovers) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    rmSync(this.dir, { recursive: true, force: true });
    expect(leftovers).toEqual([]);
    await eventually(() => openFds() <= this.fdsAtStart, 2000);
    expect(openFds()).toBeLessThanOrEqual(this.fdsAtStart);
  }
}

/** Runs one hook to completion and checks the Observable's contract: exactly one value, then complete. */
export const runOnce = async (executor: CommandExecutor, hook: HookEntry, input: HookInput): Promise<HookRun> => {
  const runs = await lastValueFrom(executor.execute(hook, input).pipe(toArray()));
  expect(runs).toHaveLength(1);
  return runs[0] as HookRun;
};

/** Runs one hook on several inputs at once, subscribed in order (later runs queue behind earlier ones). */
export const runAll = (executor: CommandExecutor, hook: HookEntry, inputs: HookInput[]): Promise<HookRun[]> =>
  lastValueFrom(merge(...inputs.map((input) => executor.execute(hook, input))).pipe(toArray()));

/**
 * Spawns one hook and disposes it. The first spawn of a process opens libuv's long-lived signal pipe:
 * call this in `beforeAll` so that descriptor baselines are taken after it.
 */
export const warmUpSpawning = async (): Promise<void> => {
  const warm = createCommandExecutor({ projectDir: process.cwd(), sessionId: 'warm-up' });
  const world = new ProcessTest();
  try {
    await runOnce(warm, world.hook({ command: 'true' }), world.input());
  } finally {
    await warm.dispose();
    rmSync(world.dir, { recursive: true, force: true });
  }
};

/** Starts `request` as the spawn helper would (launchDirect) and settles with its result once it is done. */
export const launched = (request: LaunchRequest): Promise<LaunchResult> =>
  new Promise((resolve) => {
    launchDirect(request, {
      spawned: () => undefined,
      overflow: () => undefined,
      exited: () => undefined,
      done: resolve,
    });
  });
