/**
 * The callbacks through which a host runs the hooks only it can run: `prompt` hooks need its model,
 * `agent` hooks its agent loop, `mcp_tool` hooks its MCP connections. Given to `createHookSystem`; a hook whose
 * callback is missing is reported once and skipped.
 */
import type { AgentHookConfig, HookSource, McpToolHookConfig, PromptHookConfig } from '../model/types.js';
import type { EventName } from '../events/names.js';

/** Which hook is asking, for the host's logs and routing. */
export interface CallbackHookInfo<D> {
  readonly name: string;
  readonly source: HookSource;
  /** The settings file it came from, when it came from one. */
  readonly file?: string;
  readonly definition: D;
}

/** What a `prompt` or `agent` hook hands the host. */
export interface JudgeRequest<D extends PromptHookConfig | AgentHookConfig> {
  /** The hook's prompt with `$ARGUMENTS` replaced by the input JSON (appended when the prompt has none). */
  readonly prompt: string;
  /** The hook's `model`, when it names one; else the host's choice (Claude Code uses a small fast model). */
  readonly model: string | undefined;
  /** The hook input as the hook's agent writes it (Claude field and event names for a Claude hook). */
  readonly input: Readonly<Record<string, unknown>>;
  /** The canonical event. */
  readonly event: EventName;
  readonly hook: CallbackHookInfo<D>;
  /** Aborted at the hook's timeout, when the event is cancelled and on `dispose()`. */
  readonly signal: AbortSignal;
}

/**
 * A judge's verdict. `ok: false` refuses: a block with `reason` on an event that can block, a warning on one that
 * cannot. `additionalContext` reaches the model, `systemMessage` the user, whatever `ok` says.
 */
export interface JudgeAnswer {
  ok: boolean;
  reason?: string;
  additionalContext?: string;
  systemMessage?: string;
}

/** Evaluates a `prompt` hook: one model turn, answering `{ ok, reason }`. */
export type EvaluatePrompt = (request: JudgeRequest<PromptHookConfig>) => JudgeAnswer | PromiseLike<JudgeAnswer>;

/** Runs an `agent` hook: a verifier with tools, answering `{ ok, reason }`. */
export type RunAgentHook = (request: JudgeRequest<AgentHookConfig>) => JudgeAnswer | PromiseLike<JudgeAnswer>;

/** One content part of an MCP tool result; only `text` parts are read. */
export interface McpContentPart {
  type: string;
  text?: string;
  [key: string]: unknown;
}

/** The MCP `CallToolResult` (structurally: the MCP SDK's own type fits). */
export interface McpToolResult {
  content?: readonly McpContentPart[];
  /** Read when there is no text content: its JSON is the hook's output. */
  structuredContent?: Record<string, unknown>;
  /** The tool failed: the hook fails (open, unless its failure policy blocks). */
  isError?: boolean;
  [key: string]: unknown;
}

/** What an `mcp_tool` hook hands the host. */
export interface McpToolCall {
  /** The MCP server's name in the host's configuration. */
  readonly server: string;
  readonly tool: string;
  /** The hook's `input`, its `${path}` references resolved against the hook input. */
  readonly arguments: Record<string, unknown>;
  readonly event: EventName;
  readonly hook: CallbackHookInfo<McpToolHookConfig>;
  /** Aborted at the hook's timeout, when the event is cancelled and on `dispose()`. */
  readonly signal: AbortSignal;
}

/** Calls a tool of a connected MCP server for an `mcp_tool` hook. */
export type CallMcpTool = (call: McpToolCall) => McpToolResult | PromiseLike<McpToolResult>;

/** The host's callbacks; each is optional (its hooks are then reported once and skipped). */
export interface HookCallbacks {
  evaluatePrompt?: EvaluatePrompt | undefined;
  runAgentHook?: RunAgentHook | undefined;
  callMcpTool?: CallMcpTool | undefined;
}
