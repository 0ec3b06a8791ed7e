/**
 * PermissionRequest (Claude Code's event): the host is about to ask the user whether a tool call may run, and
 * its hooks may answer first. `allow` skips the dialog (with the input a hook may have rewritten and the
 * permission rules it asks to add), `deny` refuses the call (`message` for the model, `interrupt` to stop the
 * agent), `ask` shows the dialog as usual. Blocking is sticky: one deny, or an exit 2, denies.
 */
import type { HookSystem } from '../system/createHookSystem.js';
import type { HookResult } from '../model/types.js';
import type { HookCallContext } from './callContext.js';
import { fireHook, fromAbortable, systemMessagesOf } from './hostInternals.js';
import type { Observable } from 'rxjs';

/** The tool call the dialog would be about. */
export interface PermissionRequest {
  toolName: string;
  toolInput: Record<string, unknown>;
  /** The "always allow" options the dialog would offer (Claude's permission update objects). */
  permissionSuggestions?: Record<string, unknown>[];
}

export interface PermissionRequestOptions {
  /** Aborting kills the event's running hooks and rejects with the abort reason. */
  signal?: AbortSignal;
  /** This call's base fields for hooks (`session_id`, …). */
  context?: HookCallContext;
}

/** What the hooks decided. */
export interface PermissionVerdict {
  /** `allow`: run without asking; `deny`: refuse; `ask`: no hook decided, show the dialog. */
  behavior: 'allow' | 'deny' | 'ask';
  /** The input the tool runs with when allowed: a hook's `updatedInput` (which replaces) or the original. */
  toolInput: Record<string, unknown>;
  /** Permission updates the allowing hooks asked for, in plan order (empty when none). */
  updatedPermissions: readonly Readonly<Record<string, unknown>>[];
  /** `deny` with `interrupt: true` (or any `continue: false`): stop the agent, not only this call. */
  interrupt: boolean;
  /** Why: the deny message for the model, or a hook's reason. */
  message?: string;
  systemMessages: string[];
  warnings: readonly string[];
  hookResult: HookResult;
}

/** The verdict of a PermissionRequest result. */
export const permissionVerdict = (request: PermissionRequest, result: HookResult): PermissionVerdict => {
  const behavior = result.blocked ? 'deny' : result.decision === 'allow' ? 'allow' : 'ask';
  const verdict: PermissionVerdict = {
    behavior,
    toolInput: result.toolInput ?? request.toolInput,
    updatedPermissions: behavior === 'allow' ? (result.updatedPermissions ?? []) : [],
    interrupt: result.stopped,
    systemMessages: systemMessagesOf(result),
    warnings: result.warnings,
    hookResult: result,
  };
  const message = result.reason ?? (result.stopped ? result.stopReason : undefined);
  if (message !== undefined) verdict.message = message;
  return verdict;
};

/**
 * Fires PermissionRequest for one tool call and returns what to do with the dialog. A stop does not throw here:
 * `interrupt` is part of the answer, for the host to end the turn after refusing the call.
 *
 * @example
 * const verdict = await requestPermissionWithHooks(hooks, { toolName: 'Bash', toolInput: { command } });
 * if (verdict.behavior === 'ask') verdict.behavior = await askUser(command);
 * if (verdict.behavior === 'allow') await runTool(verdict.toolInput);
 */
export async function requestPermissionWithHooks(
  hooks: HookSystem,
  request: PermissionRequest,
  options: PermissionRequestOptions = {},
): Promise<PermissionVerdict> {
  const fields: Record<string, unknown> = { tool_name: request.toolName, tool_input: request.toolInput };
  if (request.permissionSuggestions !== undefined) fields.permission_suggestions = request.permissionSuggestions;
  const result = await fireHook(hooks, 'PermissionRequest', fields, options.signal, options.context);
  return permissionVerdict(request, result);
}

/** Cold form of `requestPermissionWithHooks`: unsubscribing kills the event's running hooks. */
export const permissionRequest$ = (
  hooks: HookSystem,
  request: PermissionRequest,
  options: Omit<PermissionRequestOptions, 'signal'> = {},
): Observable<PermissionVerdict> =>
  fromAbortable((signal) => requestPermissionWithHooks(hooks, request, { ...options, signal }));
