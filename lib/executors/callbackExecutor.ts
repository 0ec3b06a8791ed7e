/**
 * The leaf of `prompt`, `agent` and `mcp_tool` hooks: the host runs them through the callbacks it gave
 * `createHookSystem` — `evaluatePrompt`, `runAgentHook`, `callMcpTool` — and this executor turns each answer into a
 * run record by callbackProtocol.ts. Shaped like the function executor: a synchronous answer settles in the same
 * tick; an asynchronous one is raced against the hook's timeout, and the callback's AbortSignal is aborted at the
 * timeout, on cancel and on `dispose()`, so a host's model call or MCP request stops with the hook.
 *
 * A hook whose callback the host did not give is skipped, and said once per type (a warning line on the first
 * event such a hook matches, and in the log) — unless it is `required` or strict: it then blocks every time.
 *
 * @example
 * const start = createCallbackStart({ evaluatePrompt: async ({ prompt, signal }) => judge(prompt, signal) });
 */
import { asyncScheduler, type SchedulerLike, type Subscription } from 'rxjs';
import { errorText, isRecord } from '../core/guards.js';
import { normalizeProcessLimits, hookTimeoutMs } from '../core/limits.js';
import type {
  AgentHookConfig,
  CallbackHookConfig,
  HookDefinition,
  HookEntry,
  HookRun,
  PromptHookConfig,
} from '../model/types.js';
import type { HookInput } from '../events/inputs.js';
import { createRootLogger, type Logger } from '../logging/logger.js';
import { configuredLabel } from '../plan/createEntry.js';
import {
  hookDialectContext,
  inputForHook,
  interpretJudgeAnswer,
  interpretToolResult,
  promptWithArguments,
  toolResultText,
} from './callbackProtocol.js';
import type { ProtocolVerdict } from '../protocol/commandProtocol.js';
import { resolveReferences } from '../protocol/inputReferences.js';
import { bareRun } from '../protocol/outputRun.js';
import { clipForRecord } from '../protocol/readOutput.js';
import type { CallbackHookInfo, HookCallbacks, JudgeRequest } from './callbackTypes.js';
import { blocksOnFailure } from './failurePolicy.js';
import type { StartRun } from './startRun.js';

/** What the run of a callback hook says when the host gave no callback for its type. */
const NEEDS_CALLBACK = 'hooks need a host callback';

/** Whether `run` did not run because the host gave no callback for its type (skipped, or failed when strict). */
export const isMissingCallback = (run: Pick<HookRun, 'message'>): boolean =>
  run.message?.includes(NEEDS_CALLBACK) === true;

export interface CallbackExecutorOptions extends HookCallbacks {
  /** Timeout of a hook that sets none (default 60 000 ms); dialect readers already set Claude's 30 s / 60 s. */
  defaultTimeoutMs?: number | undefined;
  /** Cap on an MCP tool's text read as output (default 1 MiB, as a command hook's stdout). */
  maxOutputBytes?: number | undefined;
  /** Where a missing callback is reported (once per hook type); default silent. */
  logger?: Logger;
  /** Clock and timer of the timeouts; a TestScheduler in marble tests. */
  scheduler?: SchedulerLike;
}

export interface CallbackExecutor {
  readonly start: StartRun;
  /** Aborts every running callback (its run ends `canceled`); later runs fail. */
  dispose(): void;
}

/** The option each type needs. */
const CALLBACK_OPTION = { prompt: 'evaluatePrompt', agent: 'runAgentHook', mcp_tool: 'callMcpTool' } as const;

const isCallbackHook = (definition: HookDefinition): definition is CallbackHookConfig =>
  Object.hasOwn(CALLBACK_OPTION, definition.type);

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as PromiseLike<unknown> | undefined)?.then === 'function';

/** One prepared call: how to call the host, how to read its answer, and what the record shows of it. */
interface Invocation {
  readonly call: (signal: AbortSignal) => unknown;
  readonly read: (answer: unknown) => ProtocolVerdict;
  readonly shown: (answer: unknown) => string;
}

const hookInfo = <D>(hook: HookEntry, definition: D): CallbackHookInfo<D> => {
  const info: { name: string; source: HookEntry['origin']['source']; file?: string; definition: D } = {
    name: hook.name,
    source: hook.origin.source,
    definition,
  };
  if (hook.origin.file !== undefined) info.file = hook.origin.file;
  return info;
};

const answerText = (answer: unknown): string => JSON.stringify(answer) ?? String(answer);

/**
 * The call of a prompt or agent hook: its prompt with `$ARGUMENTS` and its dialect's words filled in, to the host's
 * judge; `undefined` without one.
 */
const judgeCall = <D extends PromptHookConfig | AgentHookConfig>(
  judge: ((request: JudgeRequest<D>) => unknown) | undefined,
  hook: HookEntry,
  definition: D,
  input: JudgeRequest<D>['input'],
  read: Invocation['read'],
  context: ReturnType<typeof hookDialectContext>,
): Invocation | undefined => {
  if (judge === undefined) return undefined;
  const prompt = promptWithArguments(definition.prompt, input, context?.dialect.promptFields);
  const hookOf = hookInfo(hook, definition);
  const model = definition.model;
  return {
    call: (signal) => judge({ prompt, model, input, event: hook.event, hook: hookOf, signal }),
    read,
    shown: answerText,
  };
};

/** The record of a verdict: the protocol's outcome, output and warnings, and the answer for dashboards. */
const recordOf = (
  hook: HookEntry,
  definition: CallbackHookConfig,
  verdict: ProtocolVerdict,
  durationMs: number,
  shown: string,
): HookRun => {
  const run = bareRun(hook, verdict.outcome, durationMs, verdict.message);
  run.command = configuredLabel(definition);
  if (verdict.output !== undefined) run.output = verdict.output;
  if (verdict.outputWarnings.length > 0) run.outputWarnings = verdict.outputWarnings;
  if (shown !== '') run.stdout = clipForRecord(shown);
  return run;
};

export const createCallbackExecutor = (options: CallbackExecutorOptions): CallbackExecutor => {
  const limits = normalizeProcessLimits(options);
  const scheduler = options.scheduler ?? asyncScheduler;
  const logger = options.logger ?? createRootLogger();
  // Types already reported as missing their callback: said once for all hooks of the type, not per hook.
  const reported = new Set<CallbackHookConfig['type']>();
  const live = new Set<() => void>();
  let disposed = false;

  type Prepare<D> = (
    hook: HookEntry,
    definition: D,
    hookInput: ReturnType<typeof inputForHook>,
    judged: Invocation['read'],
    context: ReturnType<typeof hookDialectContext>,
  ) => Invocation | undefined;
  // One preparer per callback kind: TypeScript refuses a callback kind without one.
  const preparers: { readonly [K in CallbackHookConfig['type']]: Prepare<Extract<CallbackHookConfig, { type: K }>> } = {
    prompt: (hook, definition, hookInput, judged, context) =>
      judgeCall(options.evaluatePrompt, hook, definition, hookInput, judged, context),
    agent: (hook, definition, hookInput, judged, context) =>
      judgeCall(options.runAgentHook, hook, definition, hookInput, judged, context),
    mcp_tool: (hook, definition, hookInput, _judged, context) => {
      const callTool = options.callMcpTool;
      if (callTool === undefined) return undefined;
      const { server, tool } = definition;
      const args = resolveReferences(definition.input ?? {}, hookInput) as Record<string, unknown>;
      const terms = {
        tool: `${server}/${tool}`,
        maxOutputBytes: limits.maxOutputBytes,
        timeoutMs: hookTimeoutMs(definition.timeout, limits),
      };
      const hookOf = hookInfo(hook, definition);
      return {
        call: (signal) => callTool({ server, tool, arguments: args, event: hook.event, hook: hookOf, signal }),
        read: (answer) => interpretToolResult(hook.name, hook.event, answer, context, terms),
        shown: (answer) => (isRecord(answer) ? toolResultText(answer) : answerText(answer)),
      };
    },
  };

  /** The prepared call, or `undefined` when the host gave no callback for this type. */
  const prepare = (hook: HookEntry, definition: CallbackHookConfig, input: HookInput): Invocation | undefined => {
    const context = hookDialectContext(hook);
    const hookInput = inputForHook(input, context);
    const judged = (answer: unknown) => interpretJudgeAnswer(hook.name, answer, context);
    const preparer = preparers[definition.type] as Prepare<CallbackHookConfig>;
    return preparer(hook, definition, hookInput, judged, context);
  };

  /** The run of a hook without its callback: skipped (said once), or a failure that a strict hook's policy blocks. */
  const missing = (hook: HookEntry, definition: CallbackHookConfig): HookRun => {
    const need = `${definition.type} ${NEEDS_CALLBACK}, createHookSystem({ ${CALLBACK_OPTION[definition.type]} })`;
    if (blocksOnFailure(definition)) return bareRun(hook, 'failed', 0, `Hook "${hook.name}" cannot run: ${need}`);
    const run = bareRun(hook, 'skipped', 0, `Hook "${hook.name}" skipped: ${need}`);
    run.command = configuredLabel(definition);
    if (!reported.has(definition.type)) {
      reported.add(definition.type);
      // The first skip carries the line into the result's warnings; later ones are silent.
      run.outputWarnings = [`skipped: ${need} (said once)`];
      logger.warn(`Hook "${hook.name}" skipped: ${need}; said once`, { hook: hook.name, type: definition.type });
    }
    return run;
  };

  const start: StartRun = (hook, input, done) => {
    const definition = hook.definition;
    if (!isCallbackHook(definition)) {
      done(bareRun(hook, 'failed', 0, `Hook "${hook.name}" is not a prompt, agent or mcp_tool hook`));
      return undefined;
    }
    if (disposed) {
      done(bareRun(hook, 'failed', 0, `Hook "${hook.name}" cannot run: executor disposed`));
      return undefined;
    }
    const invocation = prepare(hook, definition, input);
    if (invocation === undefined) {
      done(missing(hook, definition));
      return undefined;
    }
    const started = scheduler.now();
    const controller = new AbortController();
    let finished = false;
    let timer: Subscription | undefined = undefined;
    const elapsed = (): number => Math.max(0, Math.round(scheduler.now() - started));
    /** Ends the run once, releasing its timer and dispose hook; false when it had already ended. */
    const end = (): boolean => {
      if (finished) return false;
      finished = true;
      timer?.unsubscribe();
      live.delete(disposeRun);
      return true;
    };
    const finish = (run: HookRun): void => {
      if (end()) done(run);
    };
    const stop = (outcome: HookRun['outcome'], message: string, reason: unknown): void => {
      if (finished) return;
      const run = bareRun(hook, outcome, elapsed(), message);
      run.command = configuredLabel(definition);
      finish(run);
      controller.abort(reason);
    };
    const answered = (answer: unknown): void => {
      if (finished) return;
      finish(recordOf(hook, definition, invocation.read(answer), elapsed(), invocation.shown(answer)));
    };
    const failed = (error: unknown): void => {
      const message = `Hook "${hook.name}" got no answer: ${CALLBACK_OPTION[definition.type]} failed: ${errorText(error)}`;
      stop('failed', message, error);
    };
    const disposeRun = (): void => {
      stop('canceled', `Hook "${hook.name}" was canceled: executor disposed`, new Error('executor disposed'));
    };
    let returned: unknown;
    try {
      returned = invocation.call(controller.signal);
    } catch (error) {
      failed(error);
      return undefined;
    }
    if (!isThenable(returned)) {
      answered(returned);
      return undefined;
    }
    live.add(disposeRun);
    const timeoutMs = hookTimeoutMs(definition.timeout, limits);
    timer = scheduler.schedule(() => {
      const message = `Hook "${hook.name}" timed out after ${timeoutMs} ms`;
      stop('timeout', message, new DOMException(message, 'TimeoutError'));
    }, timeoutMs);
    returned.then(answered, failed);
    return () => {
      if (end()) controller.abort(new DOMException(`Hook "${hook.name}" was canceled`, 'AbortError'));
    };
  };

  return {
    start,
    dispose: () => {
      disposed = true;
      for (const disposeRun of [...live]) disposeRun();
    },
  };
};
