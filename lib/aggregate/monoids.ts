/**
 * Aggregation strategies as fp-ts monoids (DESIGN §3 "Aggregation — deterministic"). Each carrier
 * holds one hook's contribution; `concat` combines two in plan order (left before right) and `empty`
 * is the contribution of a hook that said nothing. fast-check proves associativity and identity.
 */
import type { Monoid } from 'fp-ts/lib/Monoid.js';
import { isRecord } from '../core/guards.js';
import { struct } from 'fp-ts/lib/Monoid.js';
import type { ToolMode } from '../events/inputs.js';

import { mergeRequestPatch } from '../rules/requestPatch.js';

const any: Monoid<boolean> = { concat: (a, b) => a || b, empty: false };
const lines: Monoid<readonly string[]> = {
  concat: (a, b) => (b.length === 0 ? a : a.length === 0 ? b : [...a, ...b]),
  empty: [],
};

/** OR-decision: any block blocks (sticky), `ask` beats allow, any stop stops, messages join in order. */
export interface DecisionSummary {
  readonly blocked: boolean;
  readonly denied: boolean;
  readonly asked: boolean;
  readonly allowed: boolean;
  readonly blockReasons: readonly string[];
  readonly reasons: readonly string[];
  readonly stopped: boolean;
  readonly stopReasons: readonly string[];
  readonly systemMessages: readonly string[];
  readonly additionalContext: readonly string[];
  readonly suppressOutput: boolean;
  readonly warnings: readonly string[];
  readonly healthy: boolean;
}

export const OrDecision: Monoid<DecisionSummary> = struct<DecisionSummary>({
  blocked: any,
  denied: any,
  asked: any,
  allowed: any,
  blockReasons: lines,
  reasons: lines,
  stopped: any,
  stopReasons: lines,
  systemMessages: lines,
  additionalContext: lines,
  suppressOutput: any,
  warnings: lines,
  healthy: { concat: (a, b) => a && b, empty: true },
});

type Patch = Readonly<Record<string, unknown>> | undefined;

/** Field replacement by shallow merge: right (later in plan order) wins per key; `undefined` is "no patch". */
export const ShallowMerge: Monoid<Patch> = {
  concat: (a, b) => (a === undefined ? b : b === undefined ? a : { ...a, ...b }),
  empty: undefined,
};

/**
 * Shallow merge for LLM request patches, one level deeper for `config` so that two hooks editing
 * different config keys both land (`{config:{temperature}}` then `{config:{maxOutputTokens}}`).
 * A `config` that is not a plain object is no patch (see `mergeRequestPatch`): letting it replace
 * the config would make the merge depend on grouping, i.e. not associative.
 */
export const RequestMerge: Monoid<Patch> = {
  concat: (a, b) => (a === undefined ? b : b === undefined ? a : mergeRequestPatch(withoutBadConfig(a), b)),
  empty: undefined,
};

/** Both sides are patches here: the left one's non-object `config` is no patch either. */
const withoutBadConfig = (patch: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> => {
  if (!('config' in patch) || isRecord(patch.config)) return patch;
  const { config: _ignored, ...rest } = patch;
  return rest;
};

/** Last writer wins (in plan order); `undefined` is "did not write". */
export const lastWriter = <A>(): Monoid<A | undefined> => ({
  concat: (a, b) => (b === undefined ? a : b),
  empty: undefined,
});

const MODE_RANK: Readonly<Record<ToolMode, number>> = { AUTO: 0, ANY: 1, NONE: 2 };

/** Tool selection: the most restrictive mode wins (NONE > ANY > AUTO); names combine by set operation. */
export interface ToolSelection {
  readonly mode?: ToolMode;
  /** Sorted, without duplicates. `undefined`: no hook constrained the names. */
  readonly names?: readonly string[];
}

const strictestMode = (a?: ToolMode, b?: ToolMode): ToolMode | undefined =>
  a === undefined ? b : b === undefined ? a : MODE_RANK[b] > MODE_RANK[a] ? b : a;

const sortedUnique = (names: Iterable<string>): readonly string[] => [...new Set(names)].sort();

/** Union of `allowedFunctionNames` (seed §7.3). */
export const ToolSelectionUnion: Monoid<ToolSelection> = {
  concat: (a, b) =>
    selection(
      strictestMode(a.mode, b.mode),
      a.names === undefined ? b.names : b.names === undefined ? a.names : sortedUnique([...a.names, ...b.names]),
    ),
  empty: {},
};

/** Intersection of `allowedFunctionNames`: a tool stays offered only if every constraining hook allows it. */
export const ToolSelectionIntersection: Monoid<ToolSelection> = {
  concat: (a, b) =>
    selection(
      strictestMode(a.mode, b.mode),
      a.names === undefined
        ? b.names
        : b.names === undefined
          ? a.names
          : sortedUnique(a.names.filter((name) => (b.names ?? []).includes(name))),
    ),
  empty: {},
};

/** Builds a ToolSelection without `undefined` keys, so equal selections are deep-equal. */
export function selection(mode: ToolMode | undefined, names: readonly string[] | undefined): ToolSelection {
  return { ...(mode === undefined ? {} : { mode }), ...(names === undefined ? {} : { names }) };
}

/** Everything one event's hooks contribute; the whole summary is a monoid too. */
export interface EventSummary {
  readonly decision: DecisionSummary;
  readonly toolInput: Patch;
  readonly llmRequest: Patch;
  readonly llmResponse: Readonly<Record<string, unknown>> | undefined;
  readonly specific: Patch;
  readonly toolSelection: ToolSelection;
}

export const eventSummaryMonoid = (toolSelection: 'union' | 'intersection' = 'union'): Monoid<EventSummary> =>
  struct<EventSummary>({
    decision: OrDecision,
    toolInput: ShallowMerge,
    llmRequest: RequestMerge,
    llmResponse: lastWriter<Readonly<Record<string, unknown>>>(),
    specific: ShallowMerge,
    toolSelection: toolSelection === 'union' ? ToolSelectionUnion : ToolSelectionIntersection,
  });
