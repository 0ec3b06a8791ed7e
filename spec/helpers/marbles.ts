/**
 * What the operator marble specs need beyond the public testing kit (hookstream/testing), which they
 * dogfood: a TestScheduler bound to vitest, input defaults that keep marble tables short, command-hook
 * entries (default BeforeTool, project source; a ready or throwing Matcher allowed), hand-made plans,
 * run records, and the kit's fake executor in the `{ executor, calls }` shape these specs destructure.
 */
import { expect } from 'vitest';
import type { TestScheduler } from 'rxjs/testing';
import type { HookInput, LLMRequest } from '../../lib/events/inputs.js';
import type { EventName } from '../../lib/events/names.js';
import type { HookOutput } from '../../lib/events/outputs.js';
import type { Engine } from '../../lib/engine/decideEvent.js';
import type { PlannedEvent } from '../../lib/engine/types.js';
import { buildHookInput } from '../../lib/events/decodeInput.js';
import { startOf } from '../../lib/executors/startRun.js';
import type {
  CommandHookConfig,
  FunctionHook,
  HookEntry,
  HookOutcome,
  HookResult,
  HookRun,
  HookSource,
  Mutable,
  Matcher,
} from '../../lib/model/types.js';
import { createEntry } from '../../lib/plan/createEntry.js';
import * as kit from '../../lib/testing/index.js';

export { inputOf, sessionStart, plannerFor as plannerOf } from '../../lib/testing/index.js';

/** A TestScheduler whose deep equality is vitest's `toEqual`. */
export const createTestScheduler = (): TestScheduler =>
  kit.createTestScheduler((actual, expected) => {
    expect(actual).toEqual(expected);
  });

// ----------------------------------------------------------------------------------------------- inputs

export const beforeTool = (toolName = 'write_file', toolInput: Record<string, unknown> = { path: 'a.txt' }) =>
  kit.beforeTool(toolName, toolInput);

export const beforeModel = (request: LLMRequest = { model: 'm-1', config: { temperature: 0.5 } }) =>
  kit.beforeModel(request);

export const beforeAgent = (prompt = 'fix the bug') => kit.beforeAgent(prompt);

export const beforeToolSelection = (request: LLMRequest = { model: 'm-1' }) => kit.beforeToolSelection(request);

// ---------------------------------------------------------------------------------------------- entries

export interface EntryOptions {
  /** Default BeforeTool. */
  event?: EventName;
  /** Default project. */
  source?: HookSource;
  /** A pattern (compiled like settings do) or a ready Matcher (e.g. one that throws). */
  matcher?: string | Matcher;
  sequential?: boolean;
  /** Exec-form arguments; they become part of the dedup key. */
  args?: string[];
  /** Display name when it differs from the command. */
  name?: string;
}

const commandOf = (command: string, args: string[] | undefined): CommandHookConfig =>
  args ? { type: 'command', command, args } : { type: 'command', command };

const kitOptions = (options: EntryOptions): kit.EntryOptions => ({
  source: options.source ?? 'project',
  matcher: options.matcher,
  sequential: options.sequential,
  name: options.name,
});

/** A command hook entry without an id, as the registry takes it: hookstream's own `createEntry`. */
export const commandDraft = (command: string, options: EntryOptions = {}): Omit<HookEntry, 'id'> =>
  createEntry(options.event ?? 'BeforeTool', commandOf(command, options.args), kitOptions(options)).entry;

/** A command hook entry (the kit's `entry`); its name and command are `command`. */
export const commandEntry = (command: string, options: EntryOptions = {}): HookEntry =>
  kit.entry(options.event ?? 'BeforeTool', commandOf(command, options.args), kitOptions(options));

/** A function hook entry (the kit's `entry`). */
export const functionEntry = (hook: FunctionHook, options: EntryOptions = {}): HookEntry =>
  kit.entry(options.event ?? 'BeforeTool', hook, kitOptions(options));

/** A planned event (what `selectHooks` emits) for a hand-made plan; the kit's `planFor` plans for real. */
export const plannedOf = (
  input: HookInput,
  hooks: readonly HookEntry[],
  options: { sequential?: boolean; startedAt?: number } = {},
): PlannedEvent => ({
  input,
  plan: { event: input.hook_event_name, hooks, sequential: options.sequential ?? false },
  startedAt: options.startedAt ?? 0,
});

// ------------------------------------------------------------------------------------------------- runs

/** A run record of hook `name`, as a command executor would give it (source project). */
export const runOf = (name: string, outcome: HookOutcome = 'success', extra: Partial<HookRun> = {}): HookRun => ({
  name,
  source: 'project',
  outcome,
  durationMs: 0,
  ...extra,
});

/** A successful run (exit 0) that produced `output`. */
export const okRun = (name: string, output?: HookOutput): HookRun =>
  runOf(name, 'success', output ? { output, exitCode: 0 } : { exitCode: 0 });

/** An exit-2 block. */
export const blockedRun = (name: string, reason: string): HookRun =>
  runOf(name, 'blocked', { exitCode: 2, output: kit.block(reason), message: reason });

/** A fail-open warning (exit 1). */
export const warningRun = (name: string, message = `Hook "${name}" exited with code 1`): HookRun =>
  runOf(name, 'warning', { exitCode: 1, message });

// ----------------------------------------------------------------------------------------------- engine

/** The engine's `inputOf` in specs: the event's fields plus the kit's base fields. */
export const engineInputOf: Engine['inputOf'] = (event, fields) =>
  buildHookInput(event, fields, kit.TEST_BASE_FIELDS) as HookInput;

/**
 * An engine over `entries` for `decideEvent` specs: clock 0, the test base fields, internal failures blocking,
 * every hook run by a fake executor that knows none (give `start` to answer); `overrides` replace any of it.
 */
export const engineOf = (entries: readonly HookEntry[], overrides: Partial<Engine> = {}): Engine =>
  Object.assign(
    {
      planning: { planner: kit.plannerFor(entries) },
      start: startOf(kit.fakeExecutor({})),
      hookConcurrency: Infinity,
      toolSelection: 'union' as const,
      now: () => 0,
      internalFailurePolicy: 'block' as const,
      inputOf: engineInputOf,
    },
    overrides,
  );

// --------------------------------------------------------------------------------------------- executor

/** The kit's fake executor and its call log, side by side. */
export interface FakeExecutor {
  executor: kit.FakeExecutor;
  /** Every call, in call order: which hook and the input it received. */
  calls: readonly kit.FakeCall[];
}

/** The kit's `fakeExecutor` (an unknown hook gets a `failed` run naming it). */
export const fakeExecutor = (table: Readonly<Record<string, kit.FakeHook>>): FakeExecutor => {
  const executor = kit.fakeExecutor(table);
  return { executor, calls: executor.calls };
};

// -------------------------------------------------------------------------------------------- summaries

/**
 * The decision, the hooks' outcomes and the event's `durationMs`: narrower than the kit's `summarize`,
 * so a marble value states only what the operator under test decides.
 */
export const brief = (result: HookResult) => ({
  event: result.event,
  blocked: result.blocked,
  ...(result.decision ? { decision: result.decision } : {}),
  ...(result.reason !== undefined ? { reason: result.reason } : {}),
  outcomes: result.hooks.map((run) => `${run.name}:${run.outcome}`),
  durationMs: result.durationMs,
});

/** The `brief` of an event no hook blocked: every run allowed it, in `durationMs` of virtual time. */
export const allowedBrief = (outcomes: readonly string[], durationMs: number, event: EventName = 'BeforeTool') => ({
  event,
  blocked: false,
  decision: 'allow',
  outcomes,
  durationMs,
});

/** A HookResult without its timing, for comparisons across schedules. */
export const withoutTiming = (result: HookResult) => {
  const rest: Partial<Mutable<HookResult>> = { ...result };
  delete rest.durationMs;
  delete rest.aggregated;
  const json: Partial<ReturnType<HookResult['aggregated']['toJSON']>> = result.aggregated.toJSON();
  delete json.totalDuration;
  return { ...rest, aggregated: json };
};

/** What a failure of hookstream itself (a broken executor) gives a hook: an internal record that blocks. */
export const internalRun = (name: string, detail: string): HookRun => {
  const message = `Hook "${name}" could not run: hookstream internal error: ${detail}`;
  return runOf(name, 'blocked', {
    message,
    internal: true,
    output: kit.block(message),
    strictFailure: 'failed',
  });
};
