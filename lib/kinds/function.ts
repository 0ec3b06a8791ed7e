/** `type: 'function'`: an in-process hook, registered from code only (settings never hold one). */
import { InvalidHookError } from '../core/errors.js';
import type { FunctionHook } from '../model/types.js';
import type { HookKind } from './kind.js';

// The function is a function hook's "command": one number per function object, never reused, so the
// same `run` registered twice for an event runs once, and two functions never share a key. A WeakMap
// lets an unregistered function be collected.
const functionIds = new WeakMap<object, number>();
let lastFunctionId = 0;

/** The dedup key of a function hook: `function:<n>`, one `n` per `run` function. */
export const functionKey = (definition: Pick<FunctionHook<never>, 'run'>): string => {
  let id = functionIds.get(definition.run);
  if (id === undefined) {
    id = ++lastFunctionId;
    functionIds.set(definition.run, id);
  }
  return `function:${id}`;
};

export const FUNCTION: HookKind<FunctionHook> = {
  type: 'function',
  fields: undefined,
  shape: "{ type: 'function', name, run }",
  required: [],
  check: (definition, event) => {
    if (typeof definition.name !== 'string' || definition.name === '') {
      throw new InvalidHookError(`A function hook for ${event} needs a non-empty "name"`);
    }
    if (typeof definition.run !== 'function') {
      throw new InvalidHookError(`Function hook "${definition.name}" for ${event} needs a "run" function`);
    }
  },
  key: functionKey,
  label: (definition) => definition.name,
  program: undefined,
  // The code is not on disk to pin: the name is all an approval could show.
  subject: (definition) => ({ type: 'function', name: definition.name }),
  approval: () => ({}),
};
