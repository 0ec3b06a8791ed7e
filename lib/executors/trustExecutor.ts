/**
 * The trust decorator: a hook that needs an approval (a command hook from a project
 * or extension settings file) runs only when the gate approves it, checked when the run starts — and
 * again by the process executors right before the process starts (`beforeSpawn`, wired in
 * createExecutors), since a run may wait for a process slot meanwhile. Sits below the failure policy, so a
 * strict hook whose approval check fails blocks.
 */
import { errorText } from '../core/guards.js';
import type { HookEntry, HookRun } from '../model/types.js';
import { programOf } from '../kinds/table.js';
import { needsApproval, type TrustGate } from '../trust/trustGate.js';
import type { StartRun } from './startRun.js';
import { bareRun } from '../protocol/outputRun.js';

const untrustedRun = (hook: HookEntry, gate: TrustGate): HookRun => {
  // A refused store approves nothing: say so, or the user approves again and again to no effect.
  const problem = gate.store.problem();
  const run = bareRun(
    hook,
    'untrusted',
    0,
    `Hook "${hook.name}" from ${hook.origin.file ?? hook.origin.source} is not approved for this project ` +
      (problem === undefined
        ? '(new or changed since approval); review it, then run `hookstream trust` or approve it from the host'
        : `(${problem})`),
  );
  const program = programOf(hook.definition);
  if (program !== undefined) run.command = program.command;
  return run;
};

// A failing check (a throwing approval callback, an unwritable store) is the hook's own failure.
const uncheckedRun = (hook: HookEntry, error: unknown): HookRun =>
  bareRun(hook, 'failed', 0, `Hook "${hook.name}" could not be checked for approval: ${errorText(error)}`);

/** Runs hooks that need an approval only once `gate` approves them; every other hook goes straight through. */
export const withTrust =
  (start: StartRun, gate: TrustGate): StartRun =>
  (hook, input, done, eventId) => {
    if (!needsApproval(hook)) return start(hook, input, done, eventId);
    let cancelled = false;
    let cancelRun: (() => void) | undefined;
    gate.check(hook).then(
      (approved) => {
        if (cancelled) return;
        if (approved) cancelRun = start(hook, input, done, eventId);
        else done(untrustedRun(hook, gate));
      },
      (error: unknown) => {
        if (!cancelled) done(uncheckedRun(hook, error));
      },
    );
    return () => {
      cancelled = true;
      cancelRun?.();
    };
  };
