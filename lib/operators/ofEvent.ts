import { filter } from 'rxjs';
import type { OperatorFunction } from 'rxjs';
import type { HookInput, HookInputOf } from '../events/inputs.js';
import type { EventName } from '../events/names.js';

/**
 * Lets through only the hook inputs of the named events, narrowing their type.
 *
 * <span class="informal">`filter` with a type guard on `hook_event_name`, like redux-observable's `ofType`.</span>
 *
 * @example
 * ```ts
 * event$.pipe(ofEvent('BeforeTool', 'AfterTool')).subscribe((e) => console.log(e.tool_name));
 * ```
 * @see {@link selectHooks}
 * @param names Canonical event names to keep.
 * @return A function that returns an Observable of the matching inputs only.
 */
export const ofEvent = <K extends EventName>(...names: [K, ...K[]]): OperatorFunction<HookInput, HookInputOf<K>> => {
  const wanted = new Set<string>(names);
  // The union `HookInput` cannot be narrowed by a generic guard, so the narrowing is stated once here.
  return filter((event: HookInput) => wanted.has(event.hook_event_name)) as unknown as OperatorFunction<
    HookInput,
    HookInputOf<K>
  >;
};
