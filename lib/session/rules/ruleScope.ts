/**
 * Which steps a built-in rule can react to. The session book visits a rule only for steps inside its scope, so a
 * rule whose matcher cannot match an event costs that event nothing. A scope must cover every step that can change
 * the rule's state, give a verdict or throw; a rule without one (a user's own rule, an operator) sees every step.
 */
import { compileMatcher } from '../../plan/matcher.js';
import type { Matcher } from '../../model/types.js';
import type { SessionStep } from '../types.js';
import type { StepMatchSpec } from './stepMatch.js';

/** Steps of one kind and event, and, with `tool`, only those whose `tool_name` it matches. */
export interface StepScope {
  readonly kind: SessionStep['kind'];
  readonly event: string;
  readonly tool?: Matcher;
}

/** What a rule declares about the steps it reacts to. */
export interface RuleReach {
  readonly scope: readonly StepScope[];
  /**
   * Whether the rule, in this state, does nothing with any `call` step (an unarmed sequence): the book then skips
   * it for calls until a step it is visited for changes that. Must not throw; a state it cannot read is not idle.
   */
  readonly callsIdle?: (state: unknown) => boolean;
}

// Kept beside the rule object rather than on it: a wrapper built from a rule's fields (another `step`) is not the
// same object, so it does not inherit a scope its own `step` may not respect.
const declared = new WeakMap<object, RuleReach>();

/** `rule`, declared to react only to steps inside `scope` (and, with `callsIdle`, to no call while idle). */
export const scoped = <R extends object>(
  rule: R,
  scope: readonly StepScope[],
  callsIdle?: (state: unknown) => boolean,
): R => {
  declared.set(rule, callsIdle === undefined ? { scope } : { scope, callsIdle });
  return rule;
};

/** What `rule` declared; undefined: it sees every step. */
export const reachOf = (rule: object): RuleReach | undefined => declared.get(rule);

/**
 * The steps of `kind` a step matcher can accept: its event and tool pattern (`compileStepMatch` rejects any other
 * event, and a step without a tool when a pattern is given). The input and failure tests are left to the rule.
 */
export const matchScope = (kind: SessionStep['kind'], spec: StepMatchSpec): StepScope => {
  const object = typeof spec === 'string' ? { tool: spec } : spec;
  const event = object.event ?? 'BeforeTool';
  if (object.tool === undefined) return { kind, event };
  return { kind, event, tool: compileMatcher(object.tool).matcher };
};

/** Whether a step of `kind`, `event` and `tool` is inside one scope entry. */
const holds = (entry: StepScope, kind: SessionStep['kind'], event: string, tool: string | undefined): boolean =>
  entry.kind === kind &&
  entry.event === event &&
  (entry.tool === undefined || (tool !== undefined && entry.tool.test(tool)));

/** Whether a step of `kind`, `event` and `tool` is inside `scope`. */
export const inScope = (
  scope: readonly StepScope[],
  kind: SessionStep['kind'],
  event: string,
  tool: string | undefined,
): boolean => scope.some((entry) => holds(entry, kind, event, tool));

/** A test of whether a step is inside one scope entry: the cheap part of a step matcher (event, memoised tool). */
export const reaches =
  (entry: StepScope) =>
  (step: SessionStep): boolean =>
    holds(entry, step.kind, step.event, step.tool);
