/**
 * A hook's answer read the way its agent reads it, then handed to the one command protocol
 * (commandProtocol.ts) in hookstream's spelling:
 *
 * - Claude's `updatedInput` REPLACES the tool input: `hookSpecificOutput.tool_input` plus
 *   `replaceToolInput: true` (Gemini's `tool_input` keeps merging);
 * - `updatedToolOutput` / `updatedMCPToolOutput` (Claude, in the tool's own shape) and `tool_output` /
 *   `tool_response` (Gemini, text as its `llmContent`) become the canonical AfterTool result replacement
 *   `hookSpecificOutput.tool_response`;
 * - Claude's PermissionRequest `decision.behavior` becomes the decision, `message` the reason, `interrupt` a stop;
 * - a top-level `additionalContext` moves into `hookSpecificOutput`; Gemini's `clearContext` and
 *   `tailToolCallRequest` are checked and kept;
 * - exit code 2: the reason from stderr (Claude and Gemini ignore stdout then); a warning, not a block, on an
 *   event that cannot block; nothing where the agent ignores it;
 * - plain stdout on exit 0: model context, nothing, a worktree path, or hookstream's `systemMessage`.
 */
import type { DialectEvent, Dialect } from '../dialects/types.js';
import { isRecord } from '../core/guards.js';
import { assignFields } from '../rules/mergeFields.js';
import { readPermissionDecision } from '../events/permissionDecision.js';
import { interpretCommandRun, parseStdout, type ProcessOutcome, type ProtocolVerdict } from './commandProtocol.js';
import { applyOutputMap } from './outputMap.js';
import { stderrReason } from './stderrReason.js';

export interface DialectRunContext {
  readonly dialect: Dialect;
  /** The event the hook was configured under, in its dialect. */
  readonly event: DialectEvent;
}

export interface NormalizedOutput {
  /** `raw` itself when nothing changed. */
  output: Record<string, unknown>;
  /** One line per field that was dropped or could not be read. */
  warnings: string[];
}

type Fields = Record<string, unknown>;

const claudeFields = (native: string, out: Fields, specific: Fields, warnings: string[]): void => {
  if (native === 'PreToolUse' || native === 'PermissionRequest') {
    if (isRecord(specific.updatedInput)) {
      specific.tool_input = specific.updatedInput;
      specific.replaceToolInput = true;
      delete specific.updatedInput;
    }
  }
  // The same reading as hookstream's own files get (lib/events/permissionDecision.ts).
  if (native === 'PermissionRequest') readPermissionDecision(out, specific, warnings);
  if (native === 'PostToolUse') {
    const replacement = specific.updatedToolOutput ?? specific.updatedMCPToolOutput;
    delete specific.updatedToolOutput;
    delete specific.updatedMCPToolOutput;
    // Claude's replacement is in the tool's own shape (text, MCP content blocks, an object): kept as it is.
    if (replacement !== undefined && replacement !== null) specific.tool_response ??= replacement;
  }
};

/** The canonical AfterTool replacement (lib/events/outputs.ts `tool_response`): a record as is, text as its `llmContent`. */
const asToolResponse = (value: unknown): Fields =>
  isRecord(value) ? value : { llmContent: typeof value === 'string' ? value : JSON.stringify(value) };

const geminiFields = (native: string, specific: Fields, warnings: string[]): void => {
  if (native === 'AfterTool') {
    // Gemini's `tool_response` (or older `tool_output`) becomes the canonical record; text is its `llmContent`.
    const replacement = specific.tool_response ?? specific.tool_output;
    delete specific.tool_output;
    if (replacement !== undefined) specific.tool_response = asToolResponse(replacement);
    const tail = specific.tailToolCallRequest;
    if (
      tail !== undefined &&
      !(isRecord(tail) && typeof tail.name === 'string' && (tail.args === undefined || isRecord(tail.args)))
    ) {
      delete specific.tailToolCallRequest;
      warnings.push('field "hookSpecificOutput.tailToolCallRequest": expected { name: string, args: object }; ignored');
    }
  }
  if (native === 'AfterAgent' && specific.clearContext !== undefined && typeof specific.clearContext !== 'boolean') {
    delete specific.clearContext;
    warnings.push('field "hookSpecificOutput.clearContext": expected true or false; ignored');
  }
};

/**
 * `raw` (a parsed stdout object) in hookstream's spelling for the event the hook was configured under.
 * hookstream's own hooks get `raw` back untouched.
 */
export const normalizeDialectOutput = (raw: Fields, { dialect, event }: DialectRunContext): NormalizedOutput => {
  if (dialect.id === 'hookstream') return { output: raw, warnings: [] };
  const warnings: string[] = [];
  if (event.discards?.includes('*')) return { output: {}, warnings };
  const out: Fields = assignFields({}, raw);
  const specific: Fields = assignFields({}, isRecord(raw.hookSpecificOutput) ? raw.hookSpecificOutput : undefined);
  // Cursor's and Copilot's own output fields first (outputMap.ts): every rule below then sees canonical ones.
  if (event.outputMap !== undefined) applyOutputMap(raw, event.outputMap, out, specific, warnings);
  if (typeof out.additionalContext === 'string') {
    specific.additionalContext ??= out.additionalContext;
    delete out.additionalContext;
  }
  // Codex answers as Claude Code does (`updatedInput`, `permissionDecision`).
  if (dialect.id === 'claude' || dialect.id === 'codex') claudeFields(event.native, out, specific, warnings);
  else if (dialect.id === 'gemini') geminiFields(event.native, specific, warnings);
  for (const field of event.discards ?? []) Reflect.deleteProperty(out, field);
  // An event that cannot block ignores a decision: it must not block here either.
  if (event.exit2 !== 'block' && event.decides !== true && out.decision !== undefined) {
    if (out.decision === 'block' || out.decision === 'deny') {
      warnings.push(`field "decision": ${event.native} cannot be blocked; ignored`);
    }
    delete out.decision;
  }
  if (Object.keys(specific).length > 0) out.hookSpecificOutput = specific;
  else delete out.hookSpecificOutput;
  return { output: out, warnings };
};

/** `run` with other stdout; Object.assign keeps one shape (no spread-then-add on the hot path). */
const withStdout = (run: ProcessOutcome, stdout: string): ProcessOutcome => Object.assign({}, run, { stdout });

const withWarnings = (verdict: ProtocolVerdict, warnings: readonly string[]): ProtocolVerdict => {
  if (warnings.length > 0) verdict.outputWarnings = [...warnings, ...verdict.outputWarnings];
  return verdict;
};

const success = (output?: ProtocolVerdict['output'], warnings: string[] = []): ProtocolVerdict =>
  output === undefined
    ? { outcome: 'success', outputWarnings: warnings }
    : { outcome: 'success', output, outputWarnings: warnings };

/** Terminal colour and cursor codes (ESC [ … letter). */
const ANSI_CODES = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*[A-Za-z]`, 'g');

/** Text on exit 0, as the event reads it; `undefined`: hookstream's rule (a `systemMessage`) applies. */
const plainText = (event: DialectEvent, text: string): ProtocolVerdict | undefined => {
  switch (event.plainStdout) {
    case 'context':
      return success({ hookSpecificOutput: { additionalContext: text } });
    case 'ignored':
      return success();
    case 'worktreePath': {
      // The path is the last non-empty line, terminal colour codes removed (shell banners may come first).
      const lines = text
        .replace(ANSI_CODES, '')
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
      return success({ hookSpecificOutput: { worktreePath: lines.at(-1) ?? '' } });
    }
    case 'systemMessage':
      return undefined;
  }
};

/**
 * Applies the command protocol as the hook's dialect reads it; every rule this module does not change is
 * commandProtocol.ts's, which it calls. Pure, like that function.
 */
export const interpretDialectRun = (name: string, run: ProcessOutcome, context: DialectRunContext): ProtocolVerdict => {
  const { dialect, event } = context;
  const canonical = event.canonical;
  const failed = run.spawnError !== undefined || run.stdoutTruncatedAt !== undefined || run.exitCode === undefined;
  if (run.timedOut && event.timeoutBlocks === true && run.spawnError === undefined) {
    const reason = `Hook "${name}" timed out after ${run.timeoutMs} ms, and ${event.native} blocks on a timeout`;
    return { outcome: 'blocked', output: { decision: 'block', reason }, message: reason, outputWarnings: [] };
  }
  if (failed || run.timedOut) return interpretCommandRun(name, canonical, run);
  if (run.exitCode === 2 && event.exit2 === 'ignored') {
    return success(undefined, [`exit code 2 has no effect on ${event.native}`]);
  }
  if (run.exitCode === 2 && event.exit2 === 'failure') {
    // A failure like exit 1: it fails open with a warning unless the hook's failure policy says block.
    const detail = stderrReason(run.stderr);
    const message = `Hook "${name}" exited with code 2 (a failure in ${dialect.label}, not a block)${detail === undefined ? '' : `: ${detail}`}`;
    return { outcome: 'warning', message, outputWarnings: [] };
  }
  if (run.exitCode === 2 && event.exit2 === 'warning') {
    const detail = stderrReason(run.stderr);
    const message = `Hook "${name}" exited with code 2, but ${event.native} cannot be blocked${detail === undefined ? '' : `: ${detail}`}`;
    return { outcome: 'warning', message, outputWarnings: [] };
  }
  if (run.exitCode === 2)
    return interpretCommandRun(name, canonical, dialect.exit2Stdout === 'ignored' ? withStdout(run, '') : run);
  if (run.exitCode !== 0) {
    const verdict = interpretCommandRun(name, canonical, run);
    if (event.nonZeroBlocks !== true) return verdict;
    const reason = verdict.message ?? `Hook "${name}" exited with code ${run.exitCode}`;
    return {
      outcome: 'blocked',
      output: { decision: 'block', reason },
      message: reason,
      outputWarnings: verdict.outputWarnings,
    };
  }
  const stdout = parseStdout(run.stdout);
  if (stdout.kind === 'text') return plainText(event, stdout.text) ?? interpretCommandRun(name, canonical, run);
  if (stdout.kind === 'empty') return interpretCommandRun(name, canonical, run);
  const normalized = normalizeDialectOutput(stdout.value, context);
  if (normalized.output === stdout.value) return interpretCommandRun(name, canonical, run);
  if (Object.keys(normalized.output).length === 0) return success(undefined, normalized.warnings);
  // Handing the normalised object back as text keeps one decoding path; the cost is nothing beside a spawn.
  return withWarnings(
    interpretCommandRun(name, canonical, withStdout(run, JSON.stringify(normalized.output))),
    normalized.warnings,
  );
};
