/**
 * Every error hookstream throws extends {@link HookstreamError}: one `instanceof` check for a host, the
 * class name on the prototype (so `error.name` survives serialisation of the class, not of each
 * instance), and the original error kept in `cause`. Hook failures are never errors: they are run records.
 */

/** Sets `name` on a class's prototype: how built-in errors carry their names. */
export const nameErrorClass = (errorClass: { prototype: Error }, name: string): void => {
  Object.defineProperty(errorClass.prototype, 'name', { value: name, writable: true, configurable: true });
};

/** The base class of every error hookstream throws. */
export class HookstreamError extends Error {
  static {
    nameErrorClass(this, 'HookstreamError');
  }
}

/** The event name is neither a canonical name nor a known alias. */
export class UnknownEventError extends HookstreamError {
  static {
    nameErrorClass(this, 'UnknownEventError');
  }
  constructor(readonly eventName: string) {
    super(`Unknown hook event "${eventName}"`);
  }
}

/** The hook system was disposed; it runs nothing more. */
export class HookSystemDisposedError extends HookstreamError {
  static {
    nameErrorClass(this, 'HookSystemDisposedError');
  }
  constructor() {
    super('The hook system has been disposed');
  }
}

/** A programmatic registration was malformed (missing name, run or command; bad matcher target). */
export class InvalidHookError extends HookstreamError {
  static {
    nameErrorClass(this, 'InvalidHookError');
  }
}

/**
 * hookstream itself failed (not a hook): an executor broke its contract, planning or aggregation threw.
 * The event fails closed unless `internalFailurePolicy: 'allow'`; `cause` holds what was thrown.
 */
export class HookstreamInternalError extends HookstreamError {
  static {
    nameErrorClass(this, 'HookstreamInternalError');
  }
}
