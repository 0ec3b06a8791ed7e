/**
 * Aggregation strategies as fp-ts monoids, so the result never depends on timing. Each carrier
 * holds one hook's contribution; `concat` combines two in plan order (left before right) and `empty`
 * is the contribution of a hook that said nothing. fast-check proves associativity and identity.
 * Every monoid is built once, at load; the struct monoids are written out as fixed-shape literals
 * (fp-ts `struct` builds each result key by key), and `empty` values are frozen because they are shared.
 */
import type { Monoid } from 'fp-ts/lib/Monoid.js';
import { isRecord } from '../core/guards.js';
import type { ToolMode } from '../events/inputs.js';
import type { ElicitationAction } from '../events/outputs.js';
import type { Mutable } from '../model/types.js';
import { mergeFields } from '../rules/mergeFields.js';
import { mergeRequestPatch } from '../rules/requestPatch.js';

/** The shared "no line": summaries point at it instead of allocating an empty array per run. */
export const NO_LINES: readonly string[] = Object.freeze([]);

/** Lines in plan order; an empty side returns the other side itself, so a fold allocates only when both speak. */
const joinLines = (a: readonly string[], b: readonly string[]): readonly string[] =>
  b.length === 0 ? a : a.length === 0 ? b : [...a, ...b];

/** OR-decision: any block blocks (sticky), `ask` beats allow, any stop stops, messages join in order. */
export interface DecisionSummary {
  readonly blocked: boolean;
  readonly denied: boolean;
  readonly asked: boolean;
  /** A hook deferred the decision (`defer`): beats `ask`, loses to a block. */
  readonly deferred: boolean;
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

const NO_DECISION: DecisionSummary = Object.freeze({
  blocked: false,
  denied: false,
  asked: false,
  deferred: false,
  allowed: false,
  blockReasons: NO_LINES,
  reasons: NO_LINES,
  stopped: false,
  stopReasons: NO_LINES,
  systemMessages: NO_LINES,
  additionalContext: NO_LINES,
  suppressOutput: false,
  warnings: NO_LINES,
  healthy: true,
});

export const OrDecision: Monoid<DecisionSummary> = {
  concat: (a, b) =>
    b === NO_DECISION
      ? a
      : a === NO_DECISION
        ? b
        : {
            blocked: a.blocked || b.blocked,
            denied: a.denied || b.denied,
            asked: a.asked || b.asked,
            deferred: a.deferred || b.deferred,
            allowed: a.allowed || b.allowed,
            blockReasons: joinLines(a.blockReasons, b.blockReasons),
            reasons: joinLines(a.reasons, b.reasons),
            stopped: a.stopped || b.stopped,
            stopReasons: joinLines(a.stopReasons, b.stopReasons),
            systemMessages: joinLines(a.systemMessages, b.systemMessages),
            additionalContext: joinLines(a.additionalContext, b.additionalContext),
            suppressOutput: a.suppressOutput || b.suppressOutput,
            warnings: joinLines(a.warnings, b.warnings),
            healthy: a.healthy && b.healthy,
          },
  empty: NO_DECISION,
};

type Patch = Readonly<Record<string, unknown>> | undefined;

/** Field replacement by shallow merge: right (later in plan order) wins per key; `undefined` is "no patch". */
export const ShallowMerge: Monoid<Patch> = {
  concat: (a, b) => (a === undefined ? b : b === undefined ? a : mergeFields(a, b)),
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

/**
 * A hook's change to the tool input: a patch merged onto it (hookstream's and Gemini's `tool_input`), or the
 * whole new input (`replace`: Claude Code's `updatedInput`).
 */
export interface InputEdit {
  readonly replace: boolean;
  readonly fields: Readonly<Record<string, unknown>>;
}

/**
 * Input edits in plan order. Read each edit as a function on the input (a patch merges, a replacement ignores
 * what came before): their composition is associative, and its normal form is what this carrier holds — a
 * replacement followed by patches is one replacement with the patches merged in, and a later replacement
 * discards everything before it.
 */
export const InputEdits: Monoid<InputEdit | undefined> = {
  concat: (a, b) =>
    a === undefined || b === undefined || b.replace
      ? (b ?? a)
      : { replace: a.replace, fields: mergeFields(a.fields, b.fields) },
  empty: undefined,
};

/** `edit` applied to `input`: the replacement itself, or the patch merged onto a copy. */
export const applyInputEdit = (
  input: Readonly<Record<string, unknown>> | undefined,
  edit: InputEdit,
): Record<string, unknown> => (edit.replace ? edit.fields : mergeFields(input, edit.fields));

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

/** Sorted, without duplicates: the normal form of a name set. */
export const sortedUnique = (names: Iterable<string>): readonly string[] => [...new Set(names)].sort();

/** The selection of a hook that constrained nothing: shared, so most summaries allocate none. */
const NO_SELECTION: ToolSelection = Object.freeze({});

/** Union of `allowedFunctionNames`: a function any hook allows stays allowed. */
export const ToolSelectionUnion: Monoid<ToolSelection> = {
  concat: (a, b) =>
    selection(
      strictestMode(a.mode, b.mode),
      a.names === undefined ? b.names : b.names === undefined ? a.names : sortedUnique([...a.names, ...b.names]),
    ),
  empty: NO_SELECTION,
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
  empty: NO_SELECTION,
};

/** Builds a ToolSelection without `undefined` keys, so equal selections are deep-equal. */
export function selection(mode: ToolMode | undefined, names: readonly string[] | undefined): ToolSelection {
  if (mode === undefined && names === undefined) return NO_SELECTION;
  const result: { mode?: ToolMode; names?: readonly string[] } = {};
  if (mode !== undefined) result.mode = mode;
  if (names !== undefined) result.names = names;
  return result;
}

/** MCP elicitation answers, most final first: an explicit decline beats a dismissal beats an acceptance. */
const ACTION_RANK: Readonly<Record<ElicitationAction, number>> = { accept: 0, cancel: 1, decline: 2 };

/**
 * The outputs of Claude Code's own events (PermissionRequest, PermissionDenied, Elicitation, WorktreeCreate,
 * SessionStart/CwdChanged/FileChanged): kept apart so the other events' summaries share one frozen empty value.
 */
export interface ClaudeOutputs {
  /** Permission updates, every hook's in plan order. */
  readonly updatedPermissions: readonly Readonly<Record<string, unknown>>[];
  /** The most final answer (decline > cancel > accept). */
  readonly action?: ElicitationAction;
  /** Form values: last writer. */
  readonly content?: Readonly<Record<string, unknown>>;
  /** Last writer. */
  readonly worktreePath?: string;
  /** Any hook asked for a retry. */
  readonly retry: boolean;
  /** Union, sorted. */
  readonly watchPaths: readonly string[];
}

const NO_CLAUDE_OUTPUTS: ClaudeOutputs = Object.freeze({
  updatedPermissions: Object.freeze([]),
  retry: false,
  watchPaths: NO_LINES,
});

const stricterAction = (a?: ElicitationAction, b?: ElicitationAction): ElicitationAction | undefined =>
  a === undefined ? b : b === undefined ? a : ACTION_RANK[b] > ACTION_RANK[a] ? b : a;

/** Builds a ClaudeOutputs without `undefined` keys, so equal values are deep-equal. */
export function claudeOutputs(fields: {
  updatedPermissions?: readonly Readonly<Record<string, unknown>>[] | undefined;
  action?: ElicitationAction | undefined;
  content?: Readonly<Record<string, unknown>> | undefined;
  worktreePath?: string | undefined;
  retry?: boolean | undefined;
  watchPaths?: readonly string[] | undefined;
}): ClaudeOutputs {
  const result: Mutable<ClaudeOutputs> = {
    updatedPermissions: fields.updatedPermissions ?? NO_CLAUDE_OUTPUTS.updatedPermissions,
    retry: fields.retry === true,
    watchPaths: fields.watchPaths ?? NO_LINES,
  };
  if (fields.action !== undefined) result.action = fields.action;
  if (fields.content !== undefined) result.content = fields.content;
  if (fields.worktreePath !== undefined) result.worktreePath = fields.worktreePath;
  return result;
}

export const ClaudeOutputsMonoid: Monoid<ClaudeOutputs> = {
  concat: (a, b) =>
    b === NO_CLAUDE_OUTPUTS
      ? a
      : a === NO_CLAUDE_OUTPUTS
        ? b
        : claudeOutputs({
            updatedPermissions:
              b.updatedPermissions.length === 0
                ? a.updatedPermissions
                : a.updatedPermissions.length === 0
                  ? b.updatedPermissions
                  : [...a.updatedPermissions, ...b.updatedPermissions],
            action: stricterAction(a.action, b.action),
            content: b.content ?? a.content,
            worktreePath: b.worktreePath ?? a.worktreePath,
            retry: a.retry || b.retry,
            watchPaths:
              b.watchPaths.length === 0
                ? a.watchPaths
                : a.watchPaths.length === 0
                  ? b.watchPaths
                  : sortedUnique([...a.watchPaths, ...b.watchPaths]),
          }),
  empty: NO_CLAUDE_OUTPUTS,
};

/** Everything one event's hooks contribute; the whole summary is a monoid too. */
export interface EventSummary {
  readonly decision: DecisionSummary;
  /** BeforeTool, PermissionRequest: the tool input edits, in plan order. */
  readonly toolInput: InputEdit | undefined;
  readonly llmRequest: Patch;
  readonly llmResponse: Readonly<Record<string, unknown>> | undefined;
  /** AfterTool: the replacement of the tool's result (any JSON value), last writer in plan order. */
  readonly toolResponse: unknown;
  readonly specific: Patch;
  readonly toolSelection: ToolSelection;
  readonly claude: ClaudeOutputs;
}

const lastResponse = lastWriter<Readonly<Record<string, unknown>>>();
const lastResult = lastWriter<unknown>();

/** The summary monoid over a tool-selection strategy; built once per strategy below. */
const summaryMonoid = (tools: Monoid<ToolSelection>): Monoid<EventSummary> => ({
  concat: (a, b) => ({
    decision: OrDecision.concat(a.decision, b.decision),
    toolInput: InputEdits.concat(a.toolInput, b.toolInput),
    llmRequest: RequestMerge.concat(a.llmRequest, b.llmRequest),
    llmResponse: lastResponse.concat(a.llmResponse, b.llmResponse),
    toolResponse: lastResult.concat(a.toolResponse, b.toolResponse),
    specific: ShallowMerge.concat(a.specific, b.specific),
    toolSelection: tools.concat(a.toolSelection, b.toolSelection),
    claude: ClaudeOutputsMonoid.concat(a.claude, b.claude),
  }),
  empty: Object.freeze({
    decision: OrDecision.empty,
    toolInput: undefined,
    llmRequest: undefined,
    llmResponse: undefined,
    toolResponse: undefined,
    specific: undefined,
    toolSelection: tools.empty,
    claude: ClaudeOutputsMonoid.empty,
  }),
});

const SUMMARY_UNION = summaryMonoid(ToolSelectionUnion);
const SUMMARY_INTERSECTION = summaryMonoid(ToolSelectionIntersection);

/** The summary monoid for a tool-selection mode: one constant per mode, nothing built per call. */
export const eventSummaryMonoid = (toolSelection: 'union' | 'intersection' = 'union'): Monoid<EventSummary> =>
  toolSelection === 'union' ? SUMMARY_UNION : SUMMARY_INTERSECTION;
