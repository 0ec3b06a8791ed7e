/** Errors a host gets from the facade: its own mistakes, never a hook's failure (those are values). */

/** The event name is neither a canonical name nor a known alias. */
export class UnknownEventError extends Error {
  override readonly name = 'UnknownEventError';
  constructor(readonly eventName: string) {
    super(`Unknown hook event "${eventName}"`);
  }
}

/** The hook system was disposed; it runs nothing more. */
export class HookSystemDisposedError extends Error {
  override readonly name = 'HookSystemDisposedError';
  constructor() {
    super('The hook system has been disposed');
  }
}

/** A programmatic registration was malformed (missing name, run or command; bad matcher target). */
export class InvalidHookError extends Error {
  override readonly name = 'InvalidHookError';
}
