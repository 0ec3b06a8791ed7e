/**
 * The command-hook protocol (DESIGN §3 "Exit codes and stdout"): how an exit status plus stdout and
 * stderr become an outcome, a decoded output and a one-line message. Pure, so every row of the table
 * is testable without spawning anything.
 */
import { decodeHookOutput, type HookOutput } from '../events/outputs.js';
import { isRecord } from '../core/guards.js';
import { isBlockingOutput } from '../rules/blocking.js';
import { assignFields } from '../rules/mergeFields.js';
import type { EventName } from '../events/names.js';
import type { HookOutcome } from '../core/types.js';
import { firstLine } from './readOutput.js';

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
  const { output, warnings } = decodeHookOutput(stdout.value, event);
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
  // Shell syntax errors, failed redirections and usage errors exit 2 too (FACTS.md): say so loudly.
  if (given === undefined)
    warnings.push('exit code 2 without a reason: an accidental failure (syntax error, usage error) also exits 2');
  // A copy with two fields overwritten (Object.assign: one shape, no spread-then-add, FACTS.md round 2).
  const output: HookOutput = assignFields({}, decoded.output);
  output.decision = decoded.output.decision === 'deny' ? 'deny' : 'block';
  output.reason = reason;
  return { outcome: 'blocked', output, message: reason, outputWarnings: warnings };
};

const exitOther = (name: string, exitCode: number, stderr: string): ProtocolVerdict => {
  const detail = firstLine(stderr);
  const what =
    exitCode === 127
      ? `command not found (exit code 127)`
      : exitCode === 126
        ? `command is not executable (exit code 126)`
        : `exited with code ${exitCode}`;
  return {
    outcome: 'warning',
    message: `Hook "${name}" ${what}${detail === undefined ? '' : `: ${detail}`}`,
    outputWarnings: [],
  };
};

/** Applies the protocol; the order of the checks is the precedence of the outcomes. */
export const interpretCommandRun = (name: string, event: EventName, run: ProcessOutcome): ProtocolVerdict => {
  const verdict = (outcome: HookOutcome, message: string): ProtocolVerdict => ({
    outcome,
    message,
    outputWarnings: [],
  });
  if (run.spawnError !== undefined) return verdict('failed', `Hook "${name}" could not start: ${run.spawnError}`);
  if (run.timedOut) return verdict('timeout', `Hook "${name}" timed out after ${run.timeoutMs} ms`);
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
  const stdout = parseStdout(run.stdout);
  if (run.exitCode === 0) return exitZero(name, event, stdout);
  if (run.exitCode === 2) return exitTwo(event, stdout, run.stderr);
  return exitOther(name, run.exitCode, run.stderr);
};
