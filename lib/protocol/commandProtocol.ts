/**
 * The command-hook protocol: how an exit status plus stdout and
 * stderr become an outcome, a decoded output and a one-line message. Pure, so every row of the table
 * is testable without spawning anything.
 */
import { decodeHookOutput, type HookOutput } from '../events/outputs.js';
import { isRecord } from '../core/guards.js';
import { isBlockingOutput } from '../rules/blocking.js';
import { assignFields } from '../rules/mergeFields.js';
import type { EventName } from '../events/names.js';
import type { HookOutcome } from '../model/types.js';
import { stderrReason } from './stderrReason.js';

/** What the process did, already decoded to text. */
export interface ProcessOutcome {
  exitCode?: number;
  signal?: string;
  stdout: string;
  stderr: string;
  /** The process-level timeout fired (whatever the exit status was afterwards). */
  timedOut: boolean;
  timeoutMs: number;
  /** stdout went past the cap: it must not be read as a decision. */
  stdoutTruncatedAt?: number;
  /** The process could not be started, with the cause. */
  spawnError?: string;
  /** It started, then hookstream lost it (the spawn helper died): nothing it printed can be read. */
  interrupted?: string;
  /** stdout was not valid UTF-8 (`stdout` holds a lossy decoding): it must not be read as a decision. */
  stdoutInvalid?: boolean;
}

export interface ProtocolVerdict {
  outcome: HookOutcome;
  output?: HookOutput;
  message?: string;
  outputWarnings: string[];
}

type ParsedStdout =
  { kind: 'empty' } | { kind: 'object'; value: Record<string, unknown> } | { kind: 'text'; text: string };

const tryJson = (text: string): { ok: true; value: unknown } | { ok: false } => {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
};

/** Classifies trimmed stdout: nothing, a JSON object (a JSON string holding one counts), or text. */
export const parseStdout = (stdout: string): ParsedStdout => {
  const text = stdout.trim();
  if (text.length === 0) return { kind: 'empty' };
  const parsed = tryJson(text);
  if (!parsed.ok) return { kind: 'text', text };
  // Some hooks JSON-encode their JSON twice; decode the inner text once more.
  const value = typeof parsed.value === 'string' ? tryJson(parsed.value.trim()) : parsed;
  return value.ok && isRecord(value.value) ? { kind: 'object', value: value.value } : { kind: 'text', text };
};

const nonEmpty = (text: string | undefined): string | undefined =>
  text !== undefined && text.trim().length > 0 ? text.trim() : undefined;

const exitZero = (name: string, event: EventName, stdout: ParsedStdout): ProtocolVerdict => {
  if (stdout.kind === 'empty') return { outcome: 'success', outputWarnings: [] };
  if (stdout.kind === 'text') {
    return { outcome: 'success', output: { decision: 'allow', systemMessage: stdout.text }, outputWarnings: [] };
  }
  const { output, warnings, invalid } = decodeHookOutput(stdout.value, event);
  // Output hookstream refuses (nested too deep to serialise) is never a decision: the hook failed.
  if (invalid !== undefined) {
    return { outcome: 'failed', message: `Hook "${name}" output was not used: ${invalid}`, outputWarnings: [] };
  }
  if (!isBlockingOutput(event, output)) return { outcome: 'success', output, outputWarnings: warnings };
  const message = nonEmpty(output.reason) ?? `Blocked by hook "${name}"`;
  return { outcome: 'blocked', output, message, outputWarnings: warnings };
};

const exitTwo = (event: EventName, stdout: ParsedStdout, stderr: string): ProtocolVerdict => {
  const decoded = stdout.kind === 'object' ? decodeHookOutput(stdout.value, event) : { output: {}, warnings: [] };
  const given =
    nonEmpty(decoded.output.reason) ?? nonEmpty(stderr) ?? (stdout.kind === 'text' ? stdout.text : undefined);
  const reason = given ?? 'Hook exited with code 2';
  const warnings = [...decoded.warnings];
  // Shell syntax errors, failed redirections and usage errors exit 2 too: say so loudly.
  if (given === undefined)
    warnings.push('exit code 2 without a reason: an accidental failure (syntax error, usage error) also exits 2');
  // A copy with two fields overwritten (Object.assign keeps one shape; spread-then-add makes a new hidden class).
  const output: HookOutput = assignFields({}, decoded.output);
  output.decision = decoded.output.decision === 'deny' ? 'deny' : 'block';
  output.reason = reason;
  return { outcome: 'blocked', output, message: reason, outputWarnings: warnings };
};

/** The shell's own codes for a command it could not start: the hook never ran, so it failed (not a warning). */
const CANNOT_START: ReadonlyMap<number, string> = new Map([
  [126, 'command is not executable (exit code 126)'],
  [127, 'command not found (exit code 127)'],
]);

const withDetail = (text: string, stderr: string): string => {
  const detail = stderrReason(stderr);
  return detail === undefined ? text : `${text}: ${detail}`;
};

const exitOther = (name: string, exitCode: number, stderr: string): ProtocolVerdict => ({
  outcome: 'warning',
  message: withDetail(`Hook "${name}" exited with code ${exitCode}`, stderr),
  outputWarnings: [],
});

/** Applies the protocol; the order of the checks is the precedence of the outcomes. */
export const interpretCommandRun = (name: string, event: EventName, run: ProcessOutcome): ProtocolVerdict => {
  const verdict = (outcome: HookOutcome, message: string): ProtocolVerdict => ({
    outcome,
    message,
    outputWarnings: [],
  });
  if (run.spawnError !== undefined) return verdict('failed', `Hook "${name}" could not start: ${run.spawnError}`);
  if (run.timedOut) return verdict('timeout', `Hook "${name}" timed out after ${run.timeoutMs} ms`);
  if (run.interrupted !== undefined) return verdict('failed', `Hook "${name}" failed: ${run.interrupted}`);
  // Overflow kills the process, so truncation outranks the signal it died of.
  if (run.stdoutTruncatedAt !== undefined) {
    return verdict(
      'failed',
      `Hook "${name}" output was not used: stdout was truncated at ${run.stdoutTruncatedAt} bytes`,
    );
  }
  if (run.exitCode === undefined) {
    return verdict('failed', `Hook "${name}" was killed by ${run.signal ?? 'an unknown cause'}`);
  }
  const cannotStart = CANNOT_START.get(run.exitCode);
  if (cannotStart !== undefined) return verdict('failed', withDetail(`Hook "${name}" ${cannotStart}`, run.stderr));
  // stdout is read at exit 0 and 2 only: there, bytes that are not UTF-8 can decide nothing.
  if (run.stdoutInvalid === true && (run.exitCode === 0 || run.exitCode === 2)) {
    return verdict('failed', `Hook "${name}" output was not used: stdout is not valid UTF-8`);
  }
  const stdout = parseStdout(run.stdout);
  if (run.exitCode === 0) return exitZero(name, event, stdout);
  if (run.exitCode === 2) return exitTwo(event, stdout, run.stderr);
  return exitOther(name, run.exitCode, run.stderr);
};
