/**
 * AI SDK tools with hooks: `hookTools(hooks, tools)` keeps every tool's input and output types. BeforeTool may
 * block (the model reads the reason as the tool's error) or rewrite the input, which is validated again against
 * the tool's `inputSchema`; AfterTool may replace the result (same type, from its JSON form), withhold it, or add
 * context the model reads after it. A hook's `continue: false` is recorded for `hookMiddleware`, which ends the
 * loop at the next model call; `stoppedByHook(hooks)` in `stopWhen` ends it right after the step instead. With
 * neither set up a stop could not end the loop, so the first call refuses to run (`StopsNotEnforcedError`).
 */
import type { Tool, ToolSet } from 'ai';
import type { HookCallContext } from '../../host/callContext.js';
import { callToolWithHooks } from '../../host/toolCall.js';
import type { HookSystem } from '../../system/createHookSystem.js';
import { checkAgainstSchema } from '../common/schemaCheck.js';
import { enforceStops, recordStop, stopIn, stopsEnforced, takeStop, type HookStop } from '../common/stops.js';
import { StopsNotEnforcedError, ToolCallBlockedError } from '../common/toolErrors.js';
import { metadataStopped } from './middleware.js';

type ExecuteOptions = Parameters<NonNullable<Tool['execute']>>[1];
type ModelOutput = Awaited<ReturnType<NonNullable<Tool['toModelOutput']>>>;

export interface HookToolsOptions {
  /** This call's hook context (e.g. from `experimental_context`), from the options the SDK passes to `execute`. */
  context?: (options: Parameters<NonNullable<Tool['execute']>>[1]) => HookCallContext | undefined;
}

const isAsyncIterable = (value: unknown): value is AsyncIterable<unknown> =>
  typeof value === 'object' && value !== null && Symbol.asyncIterator in value;

/** A streaming tool's (preliminary results) final value: the last one. */
async function lastOf(value: unknown): Promise<unknown> {
  if (!isAsyncIterable(value)) return value;
  let last: unknown;
  for await (const item of value) last = item;
  return last;
}

/** The SDK's own default: text for a string, JSON otherwise. */
const defaultOutput = (output: unknown): ModelOutput =>
  typeof output === 'string'
    ? { type: 'text', value: output }
    : ({ type: 'json', value: output ?? null } as ModelOutput);

/** `output` with AfterTool's context after it, as text the model reads. */
function withContext(output: ModelOutput, context: string): ModelOutput {
  if (output.type === 'text' || output.type === 'error-text')
    return { ...output, value: `${output.value}\n\n${context}` };
  if (output.type === 'content') return { ...output, value: [...output.value, { type: 'text', text: context }] };
  const text = output.type === 'json' || output.type === 'error-json' ? JSON.stringify(output.value) : '';
  const parts = [text, context].map((part) => ({ type: 'text' as const, text: part }));
  return { type: 'content', value: parts };
}

function hookTool(hooks: HookSystem, name: string, tool: Tool, options: HookToolsOptions): Tool {
  const execute = tool.execute;
  // A tool without `execute` runs on the client: no call happens here to hook.
  if (execute === undefined) return tool;
  const contexts = new Map<string, string>();
  return {
    ...tool,
    execute: async (input: unknown, call: ExecuteOptions) => {
      // Checked at the first call, when the model and `stopWhen` are set up whatever order the app wrote them in.
      if (!stopsEnforced(hooks))
        throw new StopsNotEnforcedError(
          'hookTools',
          'hookMiddleware(hooks) on the model or stoppedByHook(hooks) in stopWhen',
        );
      const context = options.context?.(call);
      const run = await callToolWithHooks(
        hooks,
        name,
        input as Record<string, unknown>,
        (rewritten) => lastOf(execute(rewritten, call)),
        {
          toolCallId: call.toolCallId,
          ...(call.abortSignal && { signal: call.abortSignal }),
          ...(context && { context }),
          validateInput: (rewritten) => checkAgainstSchema(tool.inputSchema, rewritten),
        },
      );
      if (run.stop) recordStop(hooks, call.toolCallId, run.stop);
      if (run.status === 'failed') throw run.error;
      if (run.status !== 'done') throw new ToolCallBlockedError(run);
      if (run.additionalContext !== undefined) contexts.set(call.toolCallId, run.additionalContext);
      return run.output;
    },
    toModelOutput: async (part: { toolCallId: string; input: unknown; output: unknown }) => {
      const own = tool.toModelOutput ? await tool.toModelOutput(part) : defaultOutput(part.output);
      const context = contexts.get(part.toolCallId);
      if (context === undefined) return own;
      contexts.delete(part.toolCallId);
      return withContext(own, context);
    },
  };
}

/**
 * The tools with BeforeTool and AfterTool applied to each call; the types are the tools' own.
 *
 * @example
 * await generateText({ model, tools: hookTools(hooks, { bash }), stopWhen: [stepCountIs(8), stoppedByHook(hooks)], prompt });
 */
export function hookTools<TOOLS extends ToolSet>(
  hooks: HookSystem,
  tools: TOOLS,
  options: HookToolsOptions = {},
): TOOLS {
  const out: Record<string, Tool> = {};
  for (const [name, tool] of Object.entries(tools)) out[name] = hookTool(hooks, name, tool, options);
  return out as TOOLS;
}

/** The part of a step `stoppedByHook` and `hookStopOf` read: any `StepResult` is one, whatever the tools. */
export interface StepLike {
  readonly content: ReadonlyArray<{ readonly type: string; readonly toolCallId?: string; readonly error?: unknown }>;
  readonly providerMetadata?: unknown;
}

// The stop `stoppedByHook` took for a step, so `hookStopOf` still finds it in the result.
const STEP_STOPS = new WeakMap<object, HookStop>();

/**
 * A stop condition: true after a step in which a hook said `continue: false` (a tool call's or the model's).
 * Typed on the step's shape, so it fits `stopWhen` of any tool set, inline or not.
 */
export const stoppedByHook = (hooks: HookSystem) => {
  enforceStops(hooks);
  return ({ steps }: { steps: readonly StepLike[] }): boolean => {
    const step = steps.at(-1);
    if (step === undefined) return false;
    let stopped = metadataStopped(step.providerMetadata);
    for (const part of step.content) {
      const id = part.toolCallId;
      if (part.type !== 'tool-result' && part.type !== 'tool-error') continue;
      const stop = id === undefined ? undefined : takeStop(hooks, id);
      if (stop === undefined) continue;
      STEP_STOPS.set(step, stop);
      stopped = true;
    }
    return stopped;
  };
};

/**
 * The hook stop that ended a `generateText`/`streamText` run, if one did: its event and reason.
 *
 * @example
 * const result = await generateText({ model, tools: hookTools(hooks, tools), prompt });
 * const stop = hookStopOf(result); // { event: 'AfterTool', reason: 'one call per task' } | undefined
 */
export function hookStopOf(result: { readonly steps: readonly StepLike[] }): HookStop | undefined {
  const step = result.steps.at(-1);
  if (step === undefined) return undefined;
  const stop = stopIn(step.providerMetadata) ?? STEP_STOPS.get(step);
  if (stop !== undefined) return stop;
  for (const part of step.content)
    if (part.type === 'tool-error' && part.error instanceof ToolCallBlockedError && part.error.outcome.stop)
      return { event: part.error.outcome.stop.event, reason: part.error.outcome.stop.reason };
  return undefined;
}
