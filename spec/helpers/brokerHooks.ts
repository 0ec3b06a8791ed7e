/**
 * Hooks for the broker specs: the host's stand-in for a hook that runs on the pool, and a worker's hook that
 * counts its runs and answers only when the spec lets it (a promise it settles, the run's abort signal).
 *
 * @example
 * const slow = heldHook('slow', async () => { await released; return { systemMessage: 'done' }; });
 * await startWorker({ servers, trust: false, hooks: [slow.hook] });
 * hooks.register('BeforeTool', stub('slow'));
 * // … slow.runs …
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { WorkerHook } from '../../lib/broker/index.js';
import type { HookOutput } from '../../lib/events/outputs.js';
import type { FunctionHook } from '../../lib/model/types.js';

/** The call every broker spec fires `BeforeTool` with. */
export const TOOL = { tool_name: 'write_file', tool_input: { path: 'a.txt' } };

/** A function hook as the host declares it: its body never runs on the host. */
export const stub = (name: string, extra: Partial<FunctionHook> = {}): FunctionHook => ({
  type: 'function',
  name,
  run: () => {
    throw new Error(`${name} ran on the host`);
  },
  ...extra,
});

export interface HeldHook {
  /** Runs started on the worker so far. */
  readonly runs: number;
  /** The worker's `BeforeTool` hook, for `startWorker({ hooks })`. */
  readonly hook: WorkerHook;
}

/** A promise held until `release()`: what a slow hook awaits so that a spec decides when it answers. */
export const latch = (): { readonly held: Promise<void>; readonly release: () => void } => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { held, release };
};

/** A worker's `BeforeTool` function hook `name`: counts its runs, answers what `answer(signal)` resolves to. */
export const heldHook = (name: string, answer: (signal: AbortSignal) => Promise<HookOutput>): HeldHook => {
  let runs = 0;
  const hook: FunctionHook<never> = {
    type: 'function',
    name,
    run: (_input, { signal }) => {
      runs += 1;
      return answer(signal);
    },
  };
  return {
    get runs() {
      return runs;
    },
    hook: { event: 'BeforeTool', hook },
  };
};

/**
 * Starts a Node child (`node ...args`) and resolves once it printed `line`; `cleanups` gets its SIGKILL, so a
 * spec's `afterEach` leaves no process behind.
 */
export const startChild = (
  args: string[],
  line: string,
  cleanups: Array<() => Promise<void> | void>,
): Promise<ChildProcess> => {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return new Promise((resolve, reject) => {
    let seen = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes(line)) resolve(child);
    });
    child.once('exit', (code) => {
      reject(new Error(`${args.join(' ')} exited with ${String(code)}: ${seen}`));
    });
  });
};
