/**
 * A registered session policy and its live instance in one session. An operator policy keeps the last `window`
 * steps it saw: that is its serialisable state, and restoring replays them through a fresh operator (so such a
 * policy must depend only on that window). A rule keeps its own JSON state and restores by copying it.
 */
import { Subject, type Subscription } from 'rxjs';
import { errorText } from '../core/guards.js';
import { reachOf, type StepScope } from './rules/ruleScope.js';
import type { PolicyVerdict, SessionPolicy, SessionStep } from './types.js';

/**
 * A policy written as a reducer over a mutable JSON state: cheaper than an operator per step, and its state is
 * exactly what `sessionState` stores. `ruleOperator` turns one into an operator for marble tests.
 */
export interface SessionRule<S = unknown> {
  /** The state of a new session (a JSON value; `step` may mutate it in place). */
  initial(): S;
  /** Folds one step into the state; answers a verdict for a `call` step. Deterministic: no clock, no randomness. */
  step(state: S, step: SessionStep): PolicyVerdict | undefined;
}

/** One policy's life in one session. */
export interface PolicyInstance {
  push(step: SessionStep): PolicyVerdict | undefined;
  /** Whether it failed: it then denies every call, so it must see every step whatever its scope. */
  readonly failed: boolean;
  /** Whether its state now does nothing with calls (see `RuleReach.callsIdle`); absent: never. */
  callsIdle?(): boolean;
  /** Its state as JSON (a copy). */
  state(): unknown;
  close(): void;
}

/** A policy as the session book holds it: its name and how to start (or restore) it in a session. */
export interface PolicyDefinition {
  readonly name: string;
  /** The steps it reacts to (a built-in rule's); absent: every step. */
  readonly scope?: readonly StepScope[];
  create(restored: unknown): PolicyInstance;
}

/** Default number of steps an operator policy keeps (its window, and what a restore replays). */
export const DEFAULT_POLICY_WINDOW = 200;

const jsonCopy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const failedVerdict = (error: unknown): PolicyVerdict => ({
  decision: 'deny',
  reason: `the policy failed (${errorText(error)}); calls are denied until the session is restored`,
});

/**
 * A rule's life in one session. A class, not a literal of closures: every rule instance then shares one `push`,
 * which the session book's loop can inline.
 */
class RuleInstance<S> implements PolicyInstance {
  failed = false;
  callsIdle?: () => boolean;
  private failure: unknown;

  constructor(
    private readonly rule: SessionRule<S>,
    private readonly current: S,
    idle: ((state: unknown) => boolean) | undefined,
  ) {
    if (idle !== undefined) this.callsIdle = () => !this.failed && idle(this.current);
  }

  push(step: SessionStep): PolicyVerdict | undefined {
    // A rule that throws fails closed for the rest of the session: a guard that silently stopped is worse.
    if (this.failed) return step.kind === 'call' ? failedVerdict(this.failure) : undefined;
    try {
      return this.rule.step(this.current, step);
    } catch (error) {
      this.failure = error;
      this.failed = true;
      return step.kind === 'call' ? failedVerdict(error) : undefined;
    }
  }

  state(): unknown {
    return jsonCopy(this.current);
  }

  close(): void {}
}

/** A rule as a definition: the state is copied in on restore and out on `state()`. */
export const ruleDefinition = <S>(name: string, rule: SessionRule<S>): PolicyDefinition => {
  const reach = reachOf(rule);
  const definition: PolicyDefinition = {
    name,
    create: (restored) =>
      new RuleInstance(rule, restored === undefined ? rule.initial() : jsonCopy(restored as S), reach?.callsIdle),
  };
  if (reach !== undefined) (definition as { scope?: readonly StepScope[] }).scope = reach.scope;
  return definition;
};

/** An operator policy as a definition, keeping its last `window` steps. */
const operatorDefinition = (name: string, policy: SessionPolicy, window: number): PolicyDefinition => ({
  name,
  create: (restored) => {
    const steps$ = new Subject<SessionStep>();
    const history: SessionStep[] = [];
    let capturing = false;
    let verdict: PolicyVerdict | undefined;
    let failure: unknown;
    const subscription: Subscription = steps$.pipe(policy).subscribe({
      next: (value) => {
        if (capturing) verdict = value ?? undefined;
      },
      error: (error: unknown) => {
        failure = error ?? new Error('the operator errored');
      },
    });
    const push = (step: SessionStep): PolicyVerdict | undefined => {
      history.push(step);
      // Trimmed in batches: one splice per `window` steps rather than a shift per step.
      if (history.length >= 2 * window) history.splice(0, history.length - window);
      if (failure !== undefined) return step.kind === 'call' ? failedVerdict(failure) : undefined;
      capturing = step.kind === 'call';
      verdict = undefined;
      try {
        steps$.next(step);
      } catch (error) {
        failure = error;
      } finally {
        capturing = false;
      }
      if (failure !== undefined) return step.kind === 'call' ? failedVerdict(failure) : undefined;
      return verdict;
    };
    if (Array.isArray(restored)) for (const step of restored as SessionStep[]) push(step);
    return {
      push,
      get failed() {
        return failure !== undefined;
      },
      state: () => jsonCopy(history.slice(-window)),
      close: () => {
        subscription.unsubscribe();
      },
    };
  },
});

/** Either kind of policy as a definition: an operator keeps its last `window` steps, a rule its own state. */
export const policyDefinition = <S>(
  name: string,
  policy: SessionPolicy | SessionRule<S>,
  window: number,
): PolicyDefinition =>
  typeof policy === 'function' ? operatorDefinition(name, policy, window) : ruleDefinition(name, policy);
