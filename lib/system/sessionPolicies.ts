/** Registers a session policy — an operator or a rule — with the facade's session book. */
import { InvalidHookError } from '../core/errors.js';
import {
  DEFAULT_POLICY_WINDOW,
  policyDefinition,
  ruleDefinition,
  type SessionRule,
} from '../session/policyInstance.js';
import type { SessionBook } from '../session/sessionBook.js';
import type { LoadedPolicy } from '../config/policySettings.js';
import { errorText } from '../core/guards.js';
import type { Logger } from '../logging/logger.js';
import { ruleFromSettings } from '../session/rules/fromSettings.js';
import type { SessionPolicy } from '../session/types.js';

export interface SessionPolicyOptions {
  /** Operator policies: the steps kept per session, replayed on restore (default 200). Rules keep their own state. */
  window?: number;
}

/** A registered session policy. */
export interface PolicyRegistration {
  readonly name: string;
  /** Removes the policy and its state in every session; false when it was already removed. */
  unregister(): boolean;
}

/**
 * Keeps the settings' policies registered: each load replaces the previous load's (their sessions' state restarts);
 * one whose name a programmatic policy already has is reported and skipped.
 */
export const settingsPolicies = (book: SessionBook, logger: Logger): ((policies: readonly LoadedPolicy[]) => void) => {
  let registered: PolicyRegistration[] = [];
  return (policies) => {
    for (const registration of registered) registration.unregister();
    registered = [];
    for (const policy of policies) {
      try {
        registered.push({
          name: policy.name,
          unregister: book.add(ruleDefinition(policy.name, ruleFromSettings(policy))),
        });
      } catch (error) {
        logger.warn(
          `${policy.file ?? policy.source}${policy.pointer}: ${errorText(error)}; the settings policy is skipped`,
        );
      }
    }
  };
};

export const registerSessionPolicy = <S>(
  book: SessionBook,
  name: string,
  policy: SessionPolicy | SessionRule<S>,
  options: SessionPolicyOptions = {},
): PolicyRegistration => {
  if (typeof name !== 'string' || name === '')
    throw new InvalidHookError('sessionPolicy: the name must be a non-empty string');
  const window = options.window ?? DEFAULT_POLICY_WINDOW;
  if (!Number.isInteger(window) || window < 1)
    throw new InvalidHookError(
      `sessionPolicy "${name}": window must be a positive integer, received ${String(window)}`,
    );
  return { name, unregister: book.add(policyDefinition(name, policy, window)) };
};
