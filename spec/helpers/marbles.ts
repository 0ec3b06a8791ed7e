/**
 * Shared builders for the operator marble specs: a TestScheduler wired to vitest, hook entries, hook
 * inputs, run records and a fake executor that answers each hook with a cold observable from a table.
 * Spec-only: the public testing kit (hookstream/testing) is built separately.
 */
import { type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { expect } from 'vitest';
import type { EventFields, HookInput, HookInputOf, LLMRequest } from '../../lib/events/inputs.js';
import type { EventName } from '../../lib/events/names.js';
import type { HookOutput } from '../../lib/events/outputs.js';
import { compileMatcher } from '../../lib/plan/matcher.js';
import { HookPlanner } from '../../lib/plan/planner.js';
import { HookRegistry } from '../../lib/plan/registry.js';
import type { PlannedEvent } from '../../lib/engine/types.js';
import type {
  FunctionHook,
  HookEntry,
  HookExecutor,
  HookOutcome,
  HookResult,
  HookRun,
  HookSource,
  Matcher,
} from '../../lib/core/types.js';
import { inputOf as kitInputOf, type InputOverrides } from '../../lib/testing/index.js';

/** A TestScheduler whose deep equality is vitest's `toEqual`. */
export const createTestScheduler = (): TestScheduler =>
  new TestScheduler((actual, expected) => {
    expect(actual).toEqual(expected);
  });

// ---------------------------------------------------------------------------------------------- entries

export interface EntryOptions {
  event?: EventName;
  source?: HookSource;
  /** A pattern (compiled like settings do) or a ready Matcher (e.g. one that throws). */
  matcher?: string | Matcher;
  sequential?: boolean;
  /** Exec-form arguments; they become part of the dedup key. */
  args?: string[];
  /** Display name when it differs from the command. */
  name?: string;
  id?: number;
}

let nextId = 1000;

/** A command hook entry without an id, as the registry takes it. The command is `command`. */
export const commandDraft = (command: string, options: EntryOptions = {}): Omit<HookEntry, 'id'> => {
  const matcher = typeof options.matcher === 'string' ? compileMatcher(options.matcher).matcher : options.matcher;
  return {
    event: options.event ?? 'BeforeTool',
    definition: { type: 'command', command, ...(options.args ? { args: options.args } : {}) },
    origin: { source: options.source ?? 'project' },
    ...(matcher ? { matcher } : {}),
    sequential: options.sequential ?? false,
    name: options.name ?? command,
    key: options.args ? [command, ...options.args].join('\u0000') : command,
  };
};

/** A command hook entry; its name and command are `command`. */
export const commandEntry = (command: string, options: EntryOptions = {}): HookEntry => ({
  ...commandDraft(command, options),
  id: options.id ?? nextId++,
});

/** A function hook entry. */
export const functionEntry = (hook: FunctionHook, options: EntryOptions = {}): HookEntry => ({
  ...commandDraft(hook.name, options),
  definition: hook,
  key: `function:${hook.name}`,
  id: options.id ?? nextId++,
});

/** A real planner over a registry holding `drafts` as configured hooks (config order = array order). */
export const plannerOf = (drafts: readonly Omit<HookEntry, 'id'>[], disabled: readonly string[] = []): HookPlanner => {
  const registry = new HookRegistry();
  registry.setConfigured(drafts);
  return new HookPlanner(registry, new Set(disabled));
};

// ----------------------------------------------------------------------------------------------- inputs

const BASE = {
  session_id: 'session-1',
  transcript_path: '/tmp/transcript.jsonl',
  cwd: '/work/project',
  timestamp: '2025-01-01T00:00:00.000Z',
};

/** A hook input of `event` with these specs' base fields: the testing kit's builder. */
export const inputOf = <E extends EventName>(event: E, fields: EventFields<E>): HookInputOf<E> =>
  kitInputOf(event, fields, BASE as InputOverrides<E>);

export const beforeTool = (tool_name = 'write_file', tool_input: Record<string, unknown> = { path: 'a.txt' }) =>
  inputOf('BeforeTool', { tool_name, tool_input });

export const beforeModel = (llm_request: LLMRequest = { model: 'm-1', config: { temperature: 0.5 } }) =>
  inputOf('BeforeModel', { llm_request });

export const beforeAgent = (prompt = 'fix the bug') => inputOf('BeforeAgent', { prompt });

export const beforeToolSelection = (llm_request: LLMRequest = { model: 'm-1' }) =>
  inputOf('BeforeToolSelection', { llm_request });

export const sessionStart = (source: 'startup' | 'resume' | 'clear' | 'compress' = 'startup') =>
  inputOf('SessionStart', { source });

/** A planned event (what `selectHooks` emits) for hand-made plans. */
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

/** A run record of hook `name`. */
export const runOf = (name: string, outcome: HookOutcome = 'success', extra: Partial<HookRun> = {}): HookRun => ({
  name,
  source: 'project',
  outcome,
  durationMs: 0,
  ...extra,
});

/** A successful run that produced `output`. */
export const okRun = (name: string, output?: HookOutput): HookRun =>
  runOf(name, 'success', output ? { output, exitCode: 0 } : { exitCode: 0 });

/** An exit-2 block. */
export const blockedRun = (name: string, reason: string): HookRun =>
  runOf(name, 'blocked', { exitCode: 2, output: { decision: 'block', reason }, message: reason });

/** A fail-open warning (exit 1). */
export const warningRun = (name: string, message = `Hook "${name}" exited with code 1`): HookRun =>
  runOf(name, 'warning', { exitCode: 1, message });

// --------------------------------------------------------------------------------------------- executor

/** A table entry: a cold observable, or a function of the input the hook received. */
export type FakeHook = Observable<HookRun> | ((input: HookInput, hook: HookEntry) => Observable<HookRun>);

export interface FakeExecutor {
  executor: HookExecutor;
  /** Every call, in call order: which hook and the input it received. */
  calls: { hook: string; input: HookInput }[];
}

/** An executor answering hook `name` with `table[name]`; an unknown name throws (a test mistake). */
export const fakeExecutor = (table: Readonly<Record<string, FakeHook>>): FakeExecutor => {
  const calls: FakeExecutor['calls'] = [];
  const executor: HookExecutor = (hook, input) => {
    calls.push({ hook: hook.name, input });
    const answer = table[hook.name];
    if (answer === undefined) throw new Error(`fakeExecutor: no answer for hook "${hook.name}"`);
    return typeof answer === 'function' ? answer(input, hook) : answer;
  };
  return { executor, calls };
};

// -------------------------------------------------------------------------------------------- summaries

/** The parts of a HookResult most marble specs compare: readable and free of class instances. */
export const brief = (result: HookResult) => ({
  event: result.event,
  blocked: result.blocked,
  ...(result.decision ? { decision: result.decision } : {}),
  ...(result.reason !== undefined ? { reason: result.reason } : {}),
  outcomes: result.hooks.map((run) => `${run.name}:${run.outcome}`),
  durationMs: result.durationMs,
});

/** A HookResult without its timing, for comparisons across schedules. */
export const withoutTiming = (result: HookResult) => {
  const rest: Partial<HookResult> = { ...result };
  delete rest.durationMs;
  delete rest.aggregated;
  const json: Partial<ReturnType<HookResult['aggregated']['toJSON']>> = result.aggregated.toJSON();
  delete json.totalDuration;
  return { ...rest, aggregated: json };
};
