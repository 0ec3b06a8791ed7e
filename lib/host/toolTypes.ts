/**
 * What a host's tool returns and what the tool wrapper hands back to the agent loop. The outcome separates the
 * two audiences of a tool result: the model (`llmContent`, always complete) and the user (`display`, absent
 * when a hook suppressed it), so AfterTool's `suppressOutput` can hide output from one but not the other.
 */
import type { HookResult } from '../model/types.js';
import type { ApprovalMode } from './approval.js';
import type { HookCallContext } from './callContext.js';

/** What a tool's `execute` returns. */
export interface ToolResult {
  /** What the model sees as the tool's output. */
  llmContent: string;
  /** What the user sees; absent means `llmContent`. */
  display?: string;
  /** The tool failed; its `llmContent` explains why. */
  isError?: boolean;
  /** What AfterTool hooks receive as `tool_response`; default `{ llmContent, returnDisplay, isError }`. */
  response?: Record<string, unknown>;
}

/** One tool call of the model, as the operator form receives it. */
export interface ToolCall {
  toolName: string;
  toolInput: Record<string, unknown>;
  /** Passed to hooks as `tool_call_id`. */
  toolCallId?: string;
}

/** The tool call after BeforeTool, the tool and AfterTool: what the agent loop records and shows. */
export interface ToolCallOutcome {
  toolName: string;
  /** The arguments the tool received (BeforeTool's modified input), or would have received when blocked. */
  toolInput: Record<string, unknown>;
  /** What goes back to the model: the tool's content (or AfterTool's replacement, or the reason it was withheld) plus AfterTool's `additionalContext`; or the block message. */
  llmContent: string;
  /** What the user is shown; absent when a hook suppressed it (`suppressed`). */
  display?: string;
  isError: boolean;
  /** AfterTool said `suppressOutput`: the user is not shown the result; the model still gets `llmContent`. */
  suppressed: boolean;
  /** BeforeTool and AfterTool system messages, in that order, for the conversation. */
  systemMessages: string[];
  /** Fail-open hook failures, one line each. */
  warnings: string[];
  /** Set when BeforeTool blocked: `execute` was never called. */
  blocked?: { reason: string };
  /** Set when AfterTool blocked: the tool ran, but the model reads the reason (and context) instead of its result. */
  resultBlocked?: { reason: string };
  /** An AfterTool hook replaced the result (`hookSpecificOutput.tool_response`): `result` is the replacement. */
  replaced: boolean;
  /** The tool's result (AfterTool's replacement when `replaced`); absent when BeforeTool blocked. */
  result?: ToolResult;
  /** The HookResult of each event that fired; `failure` is PostToolUseFailure's, when the tool threw. */
  hookResults: { before: HookResult; after?: HookResult; failure?: HookResult };
}

/** Options of `executeToolWithHooks` and `withToolHooks`. */
export interface ToolHookOptions {
  /** The model-facing message of a blocked call; default `Tool "<name>" was blocked by a hook: <reason>`. */
  formatBlocked?: (toolName: string, reason: string) => string;
  /** The model-facing message of a result an AfterTool hook withheld; default `The result of tool "<name>" was withheld by a hook: <reason>`. */
  formatWithheld?: (toolName: string, reason: string) => string;
  /** Aborting cancels the call: running hooks are killed and the Promise rejects with the abort reason. */
  signal?: AbortSignal;
  /** This call's base fields for hooks (`session_id`, …). */
  context?: HookCallContext;
  /**
   * What a BeforeTool `ask` or `defer` does (lib/host/approval.ts): `'pause'` returns a `PausedToolCall` (the tool
   * does not run; answer it later with `resumeToolWithHooks`), a handler is asked now. Default: the call goes on.
   */
  approval?: ApprovalMode;
}
