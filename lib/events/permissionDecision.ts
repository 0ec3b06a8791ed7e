/**
 * Claude Code's answer to a PermissionRequest, `hookSpecificOutput.decision`, in hookstream's spelling — one
 * rule for hookstream's own files (outputs.ts) and Claude's (lib/protocol/dialectOutput.ts):
 *
 * - `behavior` (`allow` | `deny`) is the decision; a top-level `decision` already given wins;
 * - with `deny`: `message` is the reason and `interrupt: true` stops the agent (`continue: false`);
 * - with `allow`: `updatedInput` replaces the tool input (`tool_input` + `replaceToolInput`), and
 *   `updatedPermissions` are kept for the host to apply.
 *
 * Claude documents `message`/`interrupt` for deny only and `updatedInput`/`updatedPermissions` for allow only;
 * a field given with the other behaviour is dropped with a warning rather than half-applied.
 */
import { isRecord } from '../core/guards.js';

type Fields = Record<string, unknown>;

const describe = (value: unknown): string => JSON.stringify(value) ?? String(value);

/** Whether `specific.decision` is Claude's PermissionRequest decision object (not hookstream's string field). */
export const hasPermissionDecision = (specific: Readonly<Fields> | undefined): boolean =>
  specific !== undefined && isRecord(specific.decision);

/**
 * Moves `specific.decision` (Claude's object) onto `out` and `specific` in hookstream's spelling. Both are the
 * caller's own copies; `warnings` gets one line per field that could not be used.
 */
export const readPermissionDecision = (out: Fields, specific: Fields, warnings: string[]): void => {
  const decision = specific.decision;
  delete specific.decision;
  if (!isRecord(decision)) return;
  const behavior = decision.behavior;
  if (behavior !== 'allow' && behavior !== 'deny') {
    warnings.push(
      `field "hookSpecificOutput.decision.behavior": expected "allow" or "deny", received ${describe(behavior)}; ignored`,
    );
    return;
  }
  out.decision ??= behavior;
  const other = behavior === 'allow' ? 'deny' : 'allow';
  const ignored = (field: string): void => {
    if (decision[field] !== undefined)
      warnings.push(`field "hookSpecificOutput.decision.${field}": applies only with behavior "${other}"; ignored`);
  };
  if (behavior === 'deny') {
    if (typeof decision.message === 'string') out.reason ??= decision.message;
    if (decision.interrupt === true) {
      out.continue = false;
      if (typeof decision.message === 'string') out.stopReason ??= decision.message;
    }
    ignored('updatedInput');
    ignored('updatedPermissions');
    return;
  }
  if (decision.updatedInput !== undefined && specific.tool_input === undefined) {
    specific.tool_input = decision.updatedInput;
    specific.replaceToolInput = true;
  }
  if (decision.updatedPermissions !== undefined) specific.updatedPermissions = decision.updatedPermissions;
  ignored('interrupt');
};
