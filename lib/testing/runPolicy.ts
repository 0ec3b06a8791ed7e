/**
 * Runs policies through the real engine — `createHookSystem`, register, fire, dispose — for tests
 * that need no marbles: one call, one HookResult, exactly what a host would get.
 */
import type { HookInput } from '../events/inputs.js';
import { createHookSystem } from '../system/createHookSystem.js';
import type { CommandHookConfig, FunctionHook, HookResult } from '../model/types.js';

/** A hook `runPolicy` registers: a function hook, or a command hook config. */
export type Policy = FunctionHook<never> | CommandHookConfig;

export interface RunPolicyOptions {
  /** Registration matcher (tested against the event's match target, e.g. the tool name). */
  matcher?: string;
  /** Run the policies sequentially, chaining outputs (default: in parallel). */
  sequential?: boolean;
  /** Project directory for command hooks (default `process.cwd()`). */
  projectDir?: string;
  /** BeforeToolSelection: `union` (default) or `intersection`. */
  toolSelection?: 'union' | 'intersection';
}

/**
 * Registers `policy` (one hook or several, in plan order) for the event's `hook_event_name`, fires the
 * event with all its fields — base fields included — and disposes the system.
 *
 * @example
 * ```ts
 * const result = await runPolicy(protectPathsHook(), beforeTool('write_file', { file_path: '/etc/passwd' }));
 * expect(result.blocked).toBe(true);
 * ```
 * @return The event's HookResult.
 */
export const runPolicy = async (
  policy: Policy | readonly Policy[],
  event: HookInput,
  options: RunPolicyOptions = {},
): Promise<HookResult> => {
  const system = createHookSystem({
    projectDir: options.projectDir ?? process.cwd(),
    sessionId: event.session_id,
    transcriptPath: event.transcript_path,
    // One event per system: spawn from here rather than start a helper for it.
    spawnHelper: false,
    ...(options.toolSelection ? { toolSelection: options.toolSelection } : {}),
  });
  try {
    const policies: readonly Policy[] = Array.isArray(policy) ? policy : [policy as Policy];
    for (const hook of policies) {
      system.register(event.hook_event_name, hook, {
        ...(options.matcher !== undefined ? { matcher: options.matcher } : {}),
        ...(options.sequential !== undefined ? { sequential: options.sequential } : {}),
      });
    }
    const { hook_event_name, ...fields } = event;
    return await system.fire(hook_event_name, fields);
  } finally {
    await system.dispose();
  }
};
