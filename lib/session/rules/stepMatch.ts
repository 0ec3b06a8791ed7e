/**
 * Which steps a declarative rule applies to: an event, a tool-name pattern, patterns on input fields, and for
 * AfterTool whether the tool failed. Patterns are the hook matchers' (linear-time, unanchored).
 */
import { isRecord } from '../../core/guards.js';
import { compileMatcher } from '../../plan/matcher.js';
import type { SessionStep } from '../types.js';

/** A step matcher as written: a tool-name pattern, or an object. */
export type StepMatchSpec =
  | string
  | {
      /** Canonical event name (default `BeforeTool`). */
      readonly event?: string;
      /** Pattern on `tool_name`. */
      readonly tool?: string;
      /** Patterns on fields of `tool_input`, by dotted path (`command`, `to.address`). */
      readonly input?: Readonly<Record<string, string>>;
      /** AfterTool: only calls whose `tool_response` reports a failure (true) or a success (false). */
      readonly failed?: boolean;
    };

export type StepTest = (step: SessionStep) => boolean;

/** A value at the keys of a dotted path of `value`. */
const valueAtKeys = (value: unknown, keys: readonly string[]): unknown => {
  let current = value;
  for (const key of keys) {
    if (!isRecord(current)) return undefined;
    current = current[key];
  }
  return current;
};

/** A value at a dotted path of `value`. */
export const valueAt = (value: unknown, path: string): unknown => valueAtKeys(value, path.split('.'));

/**
 * Whether an AfterTool's `tool_response` reports a failure: `error` set, `is_error`/`isError` true, `success`
 * false, or a non-zero `exit_code`/`exitCode`.
 */
export const toolFailed = (response: unknown): boolean => {
  if (!isRecord(response)) return false;
  if (response.error !== undefined && response.error !== null && response.error !== false) return true;
  if (response.is_error === true || response.isError === true || response.success === false) return true;
  const code = response.exit_code ?? response.exitCode;
  return typeof code === 'number' && code !== 0;
};

/** Compiles a step matcher. */
const compileOne = (spec: StepMatchSpec): StepTest => {
  const object = typeof spec === 'string' ? { tool: spec } : spec;
  const event = object.event ?? 'BeforeTool';
  const tool = object.tool === undefined ? undefined : compileMatcher(object.tool).matcher;
  // Paths split once here, not per step.
  const inputs = Object.entries(object.input ?? {}).map(
    ([path, pattern]) => [path.split('.'), compileMatcher(pattern).matcher] as const,
  );
  const failed = object.failed;
  const test: StepTest = (step) => {
    if (step.event !== event) return false;
    if (tool !== undefined && (step.tool === undefined || !tool.test(step.tool))) return false;
    if (inputs.length > 0) {
      const toolInput = step.input.tool_input;
      for (const [keys, matcher] of inputs) {
        const value = valueAtKeys(toolInput, keys);
        if (value === undefined) return false;
        if (!matcher.test(typeof value === 'string' ? value : JSON.stringify(value))) return false;
      }
    }
    return failed === undefined || toolFailed(step.input.tool_response) === failed;
  };
  // Every rule with this matcher asks about the same step in turn: the last answer is kept by the step's identity
  // (steps are not changed while they are pushed, and the answer depends on nothing else).
  let lastStep: SessionStep | undefined;
  let lastAnswer = false;
  return (step) => {
    if (step !== lastStep) {
      lastAnswer = test(step);
      lastStep = step;
    }
    return lastAnswer;
  };
};

/**
 * Matchers compiled so far by their spec (a pattern, or an object's JSON): rules written alike share one. A pattern
 * that cannot be used as written is reported where settings are read (policySettings.ts), not here.
 */
const shared = new Map<string, StepTest>();
const SHARED_MAX = 1024;

/** Compiles a step matcher, or finds it compiled. */
export const compileStepMatch = (spec: StepMatchSpec): StepTest => {
  // Prefixed by the form: a pattern may itself read like an object's JSON.
  const key = typeof spec === 'string' ? `p${spec}` : `o${JSON.stringify(spec)}`;
  let known = shared.get(key);
  if (known === undefined) {
    known = compileOne(spec);
    if (shared.size >= SHARED_MAX) shared.clear();
    shared.set(key, known);
  }
  return known;
};

/** A duration as written (`500ms`, `30s`, `1m`, `2h`, or milliseconds) in milliseconds; undefined if invalid. */
export const durationMs = (value: string | number | undefined): number | undefined => {
  if (value === undefined) return undefined;
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? value : undefined;
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)$/.exec(value.trim());
  if (match === null) return undefined;
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] as 'ms' | 's' | 'm' | 'h' | 'd'];
  return Number(match[1]) * unit;
};
