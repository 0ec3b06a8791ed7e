/**
 * `createAgent` middleware: `hookMiddleware(hooks)` goes in `middleware: [...]`. `wrapModelCall` runs BeforeModel,
 * BeforeToolSelection and AfterModel; while an AfterModel hook is planned the model streams live through a wrapper
 * (liveModel.ts), so `streamMode: 'messages'` shows text as hooks judge it, minus a tail window, and never a
 * token a hook has not seen.
 * `wrapToolCall` runs BeforeTool and AfterTool: a block answers with an error ToolMessage the model reads, a
 * rewrite is validated against the tool's schema, AfterTool may replace or withhold the result or add context;
 * a `Command` result passes through (AfterTool sees it, but it is not replaced). `continue: false` marks the
 * message (`response_metadata.hookstream`); after a marked tool result the model is not called again, and the
 * middleware's own afterModel hook jumps to the end.
 */
import { AIMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import type { AgentMiddleware } from 'langchain';
import { isRecord } from '../../core/guards.js';
import type { HookCallContext } from '../../host/callContext.js';
import { hasPlannedHooks } from '../../host/hostInternals.js';
import { callModelWithHooks } from '../../host/modelHooks.js';
import { prepareModelCall } from '../../host/modelPhases.js';
import type { ModelCallOutcome } from '../../host/modelTypes.js';
import { callToolWithHooks } from '../../host/toolCall.js';
import { responseText } from '../../host/toolResponse.js';
import { stopIn, stopMetadata, type HookStop } from '../common/stops.js';
import type { HookSystem } from '../../system/createHookSystem.js';
import { checkAgainstSchema } from '../common/schemaCheck.js';
import { HookedChatModel, NO_STREAM, type ChatRunnable } from './liveModel.js';
import { langchainTranslator, textOf, withContent } from './translator.js';
import type { LangChainModelRequest, LangChainToolRequest, LangChainToolResult } from './types.js';

/** `createMiddleware`'s brand, a registered symbol: the middleware needs no import of langchain at run time. */
const MIDDLEWARE_BRAND = Symbol.for('AgentMiddleware');

export interface LangChainHookOptions {
  /** This call's hook context; default: the LangGraph thread id as `sessionId`, when there is one. */
  context?: (runtime: unknown) => HookCallContext | undefined;
  /** Live redaction's tail window in characters (default 32). */
  holdBackChars?: number;
}

const stopMark = (event: string, reason: string) => ({ hookstream: stopMetadata({ event, reason }) });
const isStopped = (message: BaseMessage | undefined): boolean => stopIn(message?.response_metadata) !== undefined;

/**
 * The answer for a model call that follows a tool result a hook stopped on, or undefined when none did: the
 * agent's last AIMessage itself. LangGraph merges a message into the state by id, so the state stays as it was, the
 * model is not called, and afterModel then ends the run. Checked here rather than in a beforeModel node, which
 * would cost LangGraph a step before every model call, the first included (3–10 ms on a 20 ms first token).
 */
function answerAfterStop(messages: readonly BaseMessage[]): AIMessage | undefined {
  let i = messages.length - 1;
  let stopped = false;
  for (; i >= 0 && messages[i] instanceof ToolMessage; i--) stopped ||= isStopped(messages[i]);
  if (!stopped) return undefined;
  const last = messages[i];
  // Fail closed: without the message the tools answered, there is nothing to re-answer with but the model.
  if (!(last instanceof AIMessage) || last.id === undefined)
    throw new Error(
      'hookstream/langchain: a hook stopped the run at a tool result that follows no AIMessage with an id',
    );
  return last;
}

/**
 * The hook stop that ended an agent run, if one did: read from the last message of its state.
 *
 * @example
 * const state = await agent.invoke({ messages });
 * const stop = hookStopOf(state); // { event: 'AfterTool', reason: '…' } | undefined
 */
export const hookStopOf = (state: { messages: readonly BaseMessage[] }): HookStop | undefined =>
  stopIn(state.messages.at(-1)?.response_metadata);

/** `message` with a hook's stop on its metadata. */
function markStopped<M extends BaseMessage>(message: M, event: string, reason: string): M {
  const marked = withContent(message, message.content);
  Object.assign(marked.response_metadata, stopMark(event, reason));
  return marked;
}

function threadContext(runtime: unknown): HookCallContext | undefined {
  const configurable = isRecord(runtime) && isRecord(runtime.configurable) ? runtime.configurable : undefined;
  return typeof configurable?.thread_id === 'string' ? { sessionId: configurable.thread_id } : undefined;
}

const isToolMessage = (result: LangChainToolResult): result is ToolMessage => result instanceof ToolMessage;

/** What AfterTool hooks see of a tool's result: a ToolMessage's text and status, a Command's update. */
function toolResponseOf(result: LangChainToolResult): Record<string, unknown> {
  if (isToolMessage(result)) return { llmContent: textOf(result), status: result.status ?? 'success' };
  const command = result as { update?: unknown; goto?: unknown };
  return {
    command: JSON.parse(JSON.stringify({ update: command.update ?? null, goto: command.goto ?? null })) as unknown,
  };
}

/**
 * The middleware applying every model and tool hook of `hooks` to a `createAgent` agent.
 *
 * @example
 * const agent = createAgent({ model, tools, middleware: [hookMiddleware(hooks)] });
 */
export function hookMiddleware(hooks: HookSystem, options: LangChainHookOptions = {}): AgentMiddleware {
  const contextOf = options.context ?? threadContext;
  const { holdBackChars } = options;
  const middleware = {
    [MIDDLEWARE_BRAND]: true,
    name: 'hookstream',
    wrapModelCall: async (
      request: LangChainModelRequest,
      handler: (request: LangChainModelRequest) => Promise<AIMessage> | AIMessage,
    ) => {
      const afterStop = answerAfterStop(request.state.messages);
      if (afterStop !== undefined) return afterStop;
      const context = contextOf(request.runtime);
      const settings = { translator: langchainTranslator, stopAs: 'value' as const, ...(context && { context }) };
      const answer = (outcome: ModelCallOutcome<LangChainModelRequest, AIMessage>): AIMessage =>
        outcome.stop ? markStopped(outcome.response, outcome.stop.event, outcome.stop.reason) : outcome.response;
      const model = request.model as unknown as ChatRunnable & { withConfig?: (config: { tags: string[] }) => unknown };
      if (!hasPlannedHooks(hooks, 'AfterModel'))
        return answer(await callModelWithHooks(hooks, request, (edited) => handler(edited), settings));
      if (typeof model.bindTools !== 'function') {
        // A model the wrapper cannot bind tools to: tokens a hook has not judged never reach the messages stream.
        const hidden =
          typeof model.withConfig === 'function'
            ? { ...request, model: model.withConfig({ tags: [NO_STREAM] }) as LangChainModelRequest['model'] }
            : request;
        return answer(await callModelWithHooks(hooks, hidden, (edited) => handler(edited), settings));
      }
      const prepared = await prepareModelCall(hooks, request, langchainTranslator, settings);
      if (prepared.kind === 'blocked') return answer(prepared.outcome);
      const options = {
        ...settings,
        ...(holdBackChars !== undefined && { holdBackChars }),
      };
      const live = new HookedChatModel(model, { hooks, prepared, options, answer });
      return handler({ ...prepared.request, model: live });
    },
    wrapToolCall: async (
      request: LangChainToolRequest,
      handler: (request: LangChainToolRequest) => Promise<LangChainToolResult> | LangChainToolResult,
    ) => {
      const { toolCall } = request;
      const callId = toolCall.id ?? '';
      const context = contextOf(request.runtime);
      const schema = isRecord(request.tool) ? request.tool.schema : undefined;
      const outcome = await callToolWithHooks<LangChainToolResult>(
        hooks,
        toolCall.name,
        toolCall.args,
        (args) => handler(args === toolCall.args ? request : { ...request, toolCall: { ...toolCall, args } }),
        {
          toolCallId: callId,
          ...(context && { context }),
          ...(schema !== undefined && {
            validateInput: (args: Record<string, unknown>) => checkAgainstSchema(schema, args),
          }),
          toResponse: toolResponseOf,
          // A Command is passed through whatever a hook answered: only ToolMessages are replaced.
          fromResponse: (response, original) =>
            original !== undefined && !isToolMessage(original)
              ? original
              : new ToolMessage({
                  content: responseText(response),
                  tool_call_id: callId,
                  name: toolCall.name,
                  status: response.status === 'error' ? 'error' : 'success',
                }),
        },
      );
      if (outcome.status === 'failed') throw outcome.error;
      let result: LangChainToolResult;
      if (outcome.status === 'done') {
        result = outcome.output as LangChainToolResult;
        const extra = outcome.additionalContext;
        if (extra !== undefined && isToolMessage(result)) result = withContent(result, `${textOf(result)}\n\n${extra}`);
      } else {
        const text = outcome.modelText ?? `Tool "${toolCall.name}" was stopped by a hook`;
        result = new ToolMessage({ content: text, tool_call_id: callId, name: toolCall.name, status: 'error' });
      }
      return outcome.stop && isToolMessage(result)
        ? markStopped(result, outcome.stop.event, outcome.stop.reason)
        : result;
    },
    // A stop marked on the model's answer or on the last tool results ends the run: LangGraph's own jump to the end.
    afterModel: {
      canJumpTo: ['end'],
      hook: (state: { messages: BaseMessage[] }) => (isStopped(state.messages.at(-1)) ? { jumpTo: 'end' } : undefined),
    },
  };
  return middleware as unknown as AgentMiddleware;
}
