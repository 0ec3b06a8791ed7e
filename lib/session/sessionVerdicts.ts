/**
 * A session policy run exactly as the engine runs it, as an operator: steps in, one value per `call` step out (its
 * verdict, or `null` for allow), `outcome` steps answered by nothing. For marble tests of policies and rules.
 */
import { Observable, type OperatorFunction } from 'rxjs';
import { DEFAULT_POLICY_WINDOW, policyDefinition, type SessionRule } from './policyInstance.js';
import type { PolicyVerdict, SessionPolicy, SessionStep } from './types.js';

export interface SessionVerdictsOptions {
  /** Stamps each step's `at` with this clock (a TestScheduler's `now()`: windows in virtual time). */
  now?: () => number;
  /** Operator policies: the steps kept (default 200). */
  window?: number;
  /** Starts from this policy state (from `sessionState`), as a resumed session would. */
  restored?: unknown;
}

/**
 * @example
 * ```ts
 * expectObservable(cold('ab', steps).pipe(sessionVerdicts(limit({ match: 'Bash', count: 1 }), { now }))).toBe('nd', verdicts);
 * ```
 */
export const sessionVerdicts =
  <S>(
    policy: SessionPolicy | SessionRule<S>,
    options: SessionVerdictsOptions = {},
  ): OperatorFunction<SessionStep, PolicyVerdict | null> =>
  (step$) =>
    new Observable<PolicyVerdict | null>((subscriber) => {
      const instance = policyDefinition('policy', policy, options.window ?? DEFAULT_POLICY_WINDOW).create(
        options.restored,
      );
      const now = options.now;
      const subscription = step$.subscribe({
        next: (step) => {
          const stamped = now === undefined ? step : Object.assign({}, step, { at: now() });
          const verdict = instance.push(stamped);
          if (step.kind === 'call') subscriber.next(verdict ?? null);
        },
        error: (error: unknown) => {
          subscriber.error(error);
        },
        complete: () => {
          subscriber.complete();
        },
      });
      return () => {
        subscription.unsubscribe();
        instance.close();
      };
    });
