/**
 * The hook output: the fields every event's output shares and each event's `hookSpecificOutput`.
 * Decoding is field by field: a field of the wrong type is dropped with a warning naming it,
 * and the rest of the output still applies.
 */
import * as t from 'io-ts';
import { HookToolConfigCodec, LLMRequestCodec, LLMResponseCodec, type Agrees, type Expect } from './codecs.js';
import type { HookToolConfig, LLMRequest, LLMResponse } from './inputs.js';
import type { EventName } from './names.js';
import { isRecord } from '../core/guards.js';
import { MAX_NESTING_DEPTH, nestsDeeperThan } from './nesting.js';
import { hasPermissionDecision, readPermissionDecision } from './permissionDecision.js';

/** `defer` (Claude's `permissionDecision`): pause the call until someone answers (lib/host/approval.ts). */
export type HookDecision = 'ask' | 'defer' | 'block' | 'deny' | 'approve' | 'allow';

/** A decision as results carry it: `approve` reads as `allow`. */
export type NormalizedDecision = Exclude<HookDecision, 'approve'>;

const HookDecisionCodec = t.keyof({ ask: null, defer: null, block: null, deny: null, approve: null, allow: null });
// Compiles only while the codec and the public type agree.
type _DecisionMatches = Expect<Agrees<typeof HookDecisionCodec, HookDecision>>;

/** The common output fields and their codecs. `decision: null` means no decision. */
const COMMON_FIELDS = {
  continue: t.boolean,
  stopReason: t.string,
  suppressOutput: t.boolean,
  systemMessage: t.string,
  decision: t.union([HookDecisionCodec, t.null]),
  reason: t.string,
} as const;

/** Fields of `hookSpecificOutput` that hookstream interprets; other keys are kept as they are. */
const SPECIFIC_FIELDS = {
  hookEventName: t.string,
  additionalContext: t.string,
  permissionDecision: t.union([HookDecisionCodec, t.null]),
  permissionDecisionReason: t.string,
  tool_input: t.UnknownRecord,
  // Any JSON value but `null` (which replaces nothing): the tool's result comes in the agent's own shape.
  tool_response: t.union([t.UnknownRecord, t.UnknownArray, t.string, t.number, t.boolean]),
  llm_request: LLMRequestCodec,
  llm_response: LLMResponseCodec,
  toolConfig: HookToolConfigCodec,
  replaceToolInput: t.boolean,
  updatedPermissions: t.array(t.UnknownRecord),
  action: t.keyof({ accept: null, decline: null, cancel: null }),
  content: t.UnknownRecord,
  worktreePath: t.string,
  retry: t.boolean,
  watchPaths: t.array(t.string),
} as const;

export interface HookSpecificOutput {
  hookEventName?: string;
  additionalContext?: string;
  permissionDecision?: HookDecision | null;
  permissionDecisionReason?: string;
  tool_input?: Record<string, unknown>;
  /**
   * AfterTool: replaces the tool's result (the `tool_response` hooks received, in the same shape: an object,
   * an array, text …); last writer wins.
   */
  tool_response?: unknown;
  llm_request?: LLMRequest;
  llm_response?: LLMResponse;
  toolConfig?: HookToolConfig;
  /**
   * BeforeTool, PermissionRequest: `tool_input` is the whole new input, not a patch (Claude Code's
   * `updatedInput` replaces; hookstream's and Gemini's `tool_input` merge).
   */
  replaceToolInput?: boolean;
  /** PermissionRequest: permission rules to add or change (Claude Code's permission update objects), in plan order. */
  updatedPermissions?: Record<string, unknown>[];
  /** Elicitation, ElicitationResult: the answer to the MCP server, instead of (or over) the user's. */
  action?: ElicitationAction;
  /** Elicitation, ElicitationResult: the form values sent with `action: 'accept'`. */
  content?: Record<string, unknown>;
  /** WorktreeCreate: the directory of the worktree the hook created. */
  worktreePath?: string;
  /** PermissionDenied: let the model try the denied call again. */
  retry?: boolean;
  /** SessionStart, CwdChanged, FileChanged: paths the host should watch for FileChanged. */
  watchPaths?: string[];
  [key: string]: unknown;
}

/** An answer to an MCP elicitation request. */
export type ElicitationAction = 'accept' | 'decline' | 'cancel';

/** A hook's output (the seed API's `HookOutput`). */
export interface HookOutput {
  continue?: boolean;
  stopReason?: string;
  suppressOutput?: boolean;
  systemMessage?: string;
  decision?: HookDecision | null;
  reason?: string;
  hookSpecificOutput?: HookSpecificOutput;
}

export interface DecodedOutput {
  output: HookOutput;
  /** One line per dropped field: `field "x": expected boolean, received "yes"`. */
  warnings: string[];
  /**
   * Set when the output as a whole is unusable (nested deeper than {@link MAX_NESTING_DEPTH}): `output` is
   * then empty, `warnings` says why, and the run is `failed` — invalid output (README "Writing a hook").
   */
  invalid?: string;
}

const describe = (value: unknown): string => {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

const pickFields = (
  source: Record<string, unknown>,
  codecs: Readonly<Record<string, t.Mixed>>,
  prefix: string,
  keepUnknown: boolean,
  warnings: string[],
): Record<string, unknown> => {
  const picked: Record<string, unknown> = {};
  // for…in over own keys and `is` rather than `decode`: no entry arrays, no Either per field (every
  // function hook's output passes here; `decode` made `{ decision: 'allow' }` cost ~240 ns).
  for (const key in source) {
    if (!Object.prototype.hasOwnProperty.call(source, key)) continue;
    const value = source[key];
    const codec = codecs[key];
    if (codec === undefined) {
      if (keepUnknown) picked[key] = value;
      continue;
    }
    if (value === undefined) continue;
    if (!codec.is(value)) {
      warnings.push(`field "${prefix}${key}": expected ${codec.name}, received ${describe(value)}; ignored`);
      continue;
    }
    picked[key] = value;
  }
  return picked;
};

/**
 * Other dialects' spellings of the same intents, rewritten to hookstream's before decoding:
 * x-code's `{ decision: 'modify', args, context }`, Claude Code's `hookSpecificOutput.updatedInput` (which
 * replaces the input: `replaceToolInput`) and its PermissionRequest `hookSpecificOutput.decision` object.
 * A field already given in hookstream's spelling wins.
 */
const normalizeDialects = (raw: Record<string, unknown>, warnings: string[]): Record<string, unknown> => {
  const specificRaw = isRecord(raw.hookSpecificOutput) ? raw.hookSpecificOutput : undefined;
  const xcodeModify = raw.decision === 'modify';
  const hasContext = typeof raw.context === 'string';
  const claudeInput = specificRaw !== undefined && 'updatedInput' in specificRaw;
  const claudePermission = hasPermissionDecision(specificRaw);
  if (!xcodeModify && !hasContext && !claudeInput && !claudePermission) return raw;
  const { context, args, output: replacedOutput, ...rest } = raw;
  const normalized: Record<string, unknown> = Object.assign({}, xcodeModify ? rest : raw);
  if (xcodeModify) normalized.decision = undefined;
  const specific: Record<string, unknown> = Object.assign({}, specificRaw);
  // Claude's meaning travels with its spelling: `updatedInput` is the whole new input.
  if (claudeInput) {
    if (specific.tool_input === undefined && specific.updatedInput !== undefined) {
      specific.tool_input = specific.updatedInput;
      specific.replaceToolInput ??= true;
    }
    delete specific.updatedInput;
  }
  if (claudePermission) readPermissionDecision(normalized, specific, warnings);
  if (xcodeModify && args !== undefined) specific.tool_input ??= args;
  // x-code's `output` replaces the tool's result: the canonical AfterTool `tool_response` (a string is its `llmContent`).
  if (xcodeModify && replacedOutput !== undefined) {
    specific.tool_response ??= isRecord(replacedOutput)
      ? replacedOutput
      : { llmContent: typeof replacedOutput === 'string' ? replacedOutput : JSON.stringify(replacedOutput) };
  }
  if (hasContext) {
    specific.additionalContext ??= context;
    if (!xcodeModify) delete normalized.context;
  }
  if (specificRaw !== undefined || Object.keys(specific).length > 0) normalized.hookSpecificOutput = specific;
  return normalized;
};

/**
 * Decodes one hook's output leniently. `raw` must already be a parsed JSON object.
 * Unknown top-level keys are dropped silently (other dialects add their own); `_event` is for messages.
 */
export const decodeHookOutput = (raw: Record<string, unknown>, _event?: EventName): DecodedOutput => {
  // Before anything recurses into it: a 100 000-deep output made JSON.stringify (and the CLI) throw RangeError.
  if (nestsDeeperThan(raw)) {
    const invalid = `output nested deeper than ${MAX_NESTING_DEPTH} levels; not used`;
    return { output: {}, warnings: [invalid], invalid };
  }
  const warnings: string[] = [];
  raw = normalizeDialects(raw, warnings);
  const output = pickFields(raw, COMMON_FIELDS, '', false, warnings) as HookOutput;
  if ('hookSpecificOutput' in raw && raw.hookSpecificOutput !== undefined && raw.hookSpecificOutput !== null) {
    if (isRecord(raw.hookSpecificOutput)) {
      output.hookSpecificOutput = pickFields(
        raw.hookSpecificOutput,
        SPECIFIC_FIELDS,
        'hookSpecificOutput.',
        true,
        warnings,
      );
    } else {
      warnings.push(
        `field "hookSpecificOutput": expected object, received ${describe(raw.hookSpecificOutput)}; ignored`,
      );
    }
  }
  return { output, warnings };
};
