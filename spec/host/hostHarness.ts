/**
 * Shared setup of the host specs: a hook system whose hooks are either in-process functions or real command
 * hooks (`bash -c` printing a fixed JSON output) loaded from settings, so each decision row is proved both ways.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { createHookSystem, type EventName, type HookInput, type HookOutput, type HookSystem } from '../../lib/index.js';

export type HookKind = 'function' | 'command';
export const KINDS: HookKind[] = ['function', 'command'];

/** One hook: a fixed output (JSON on stdout for commands) or, for command hooks, a raw shell command. */
export interface HookSpec {
  output?: HookOutput;
  command?: string;
  matcher?: string;
  /** Function hooks only: computes the output from the input (and records it). */
  run?: (input: HookInput) => HookOutput | undefined | Promise<HookOutput | undefined>;
}

const systems: HookSystem[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(systems.splice(0).map((system) => system.dispose()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

export const scratchDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'hookstream-host-'));
  dirs.push(dir);
  return dir;
};

const shellQuote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

/** The command hook printing `output`; it reads stdin first, like a real hook. */
export const echoCommand = (output: HookOutput): string =>
  `cat >/dev/null; printf '%s' ${shellQuote(JSON.stringify(output))}`;

/** A hook system with `hooks` installed as `kind` hooks. Disposed after each test. */
export function systemWith(kind: HookKind, hooks: Partial<Record<EventName, HookSpec[]>>): HookSystem {
  const projectDir = scratchDir();
  if (kind === 'command') {
    const settings = {
      tools: { enableHooks: true },
      hooks: Object.fromEntries(
        Object.entries(hooks).map(([event, specs]) => [
          event,
          (specs ?? []).map((spec) => ({
            ...(spec.matcher !== undefined && { matcher: spec.matcher }),
            hooks: [{ type: 'command', command: spec.command ?? echoCommand(spec.output ?? {}), timeout: 20_000 }],
          })),
        ]),
      ),
    };
    const system = createHookSystem({ settings, projectDir, sessionId: 'host-spec' });
    systems.push(system);
    return system;
  }
  const system = createHookSystem({ projectDir, sessionId: 'host-spec' });
  systems.push(system);
  let n = 0;
  for (const [event, specs] of Object.entries(hooks)) {
    for (const spec of specs ?? []) {
      const run = spec.run ?? (() => spec.output);
      system.register(
        event,
        { type: 'function', name: `${event}-${++n}`, run: run },
        {
          ...(spec.matcher !== undefined && { matcher: spec.matcher }),
        },
      );
    }
  }
  return system;
}

/** A system that tracks nothing to dispose beyond the usual: plain function hooks only. */
export function plainSystem(options: Parameters<typeof createHookSystem>[0] = {}): HookSystem {
  const system = createHookSystem({ projectDir: scratchDir(), sessionId: 'host-spec', ...options });
  systems.push(system);
  return system;
}
