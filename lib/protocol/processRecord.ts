/**
 * A command hook's run record from what its process did: both streams decoded strictly, the exit-code
 * protocol applied (commandProtocol.ts), and warnings about the process itself (bytes that were not UTF-8,
 * a truncated stderr, processes that left the group holding the pipes). Pure: no process needed to test it.
 */
import type { EventName } from '../events/names.js';
import type { HookRun, HookSource } from '../model/types.js';
import { interpretCommandRun, type ProcessOutcome, type ProtocolVerdict } from './commandProtocol.js';
import { clipForRecord, decodeOutput } from './readOutput.js';

/** What the supervisor reports about one process (lib/process/superviseProcess.ts `ProcessReport`). */
export interface ProcessFacts {
  exitCode?: number;
  signal?: string;
  stdout: Uint8Array;
  stderr: Uint8Array;
  timedOut: boolean;
  stdoutOverflow: boolean;
  stderrOverflow: boolean;
  spawnError?: string;
  interrupted?: string;
  escapees: readonly number[];
}

/** The hook the record is about. */
export interface RecordSubject {
  name: string;
  event: EventName;
  command: string;
  source: HookSource;
}

export interface RecordTerms {
  durationMs: number;
  timeoutMs: number;
  maxOutputBytes: number;
  /** Set when the host cancelled the run: its message, and the outcome is `canceled` whatever the exit. */
  canceled?: string | undefined;
  /** The protocol as the hook's agent reads it (lib/executors/dialectRuns.ts); default hookstream's own. */
  interpret?: ((name: string, outcome: ProcessOutcome) => ProtocolVerdict) | undefined;
}

const protocolOutcome = (facts: ProcessFacts, stdout: string, stderr: string, terms: RecordTerms): ProcessOutcome => {
  const outcome: ProcessOutcome = { stdout, stderr, timedOut: facts.timedOut, timeoutMs: terms.timeoutMs };
  if (facts.exitCode !== undefined) outcome.exitCode = facts.exitCode;
  if (facts.signal !== undefined) outcome.signal = facts.signal;
  if (facts.stdoutOverflow) outcome.stdoutTruncatedAt = terms.maxOutputBytes;
  if (facts.spawnError !== undefined) outcome.spawnError = facts.spawnError;
  if (facts.interrupted !== undefined) outcome.interrupted = facts.interrupted;
  return outcome;
};

/** The record of one command-hook run. */
export const commandRunRecord = (subject: RecordSubject, facts: ProcessFacts, terms: RecordTerms): HookRun => {
  const stdout = decodeOutput(facts.stdout);
  const stderr = decodeOutput(facts.stderr);
  let verdict: ProtocolVerdict;
  if (terms.canceled !== undefined) {
    verdict = { outcome: 'canceled', message: terms.canceled, outputWarnings: [] };
  } else {
    const outcome = protocolOutcome(facts, stdout.text, stderr.text, terms);
    if (stdout.invalid) outcome.stdoutInvalid = true;
    verdict =
      terms.interpret === undefined
        ? interpretCommandRun(subject.name, subject.event, outcome)
        : terms.interpret(subject.name, outcome);
  }
  // A literal, optional fields assigned after: `{ ...a, k }` gets a hidden class per object on Node 20.
  const run: HookRun = {
    name: subject.name,
    command: subject.command,
    source: subject.source,
    durationMs: terms.durationMs,
    outcome: verdict.outcome,
  };
  if (facts.exitCode !== undefined) run.exitCode = facts.exitCode;
  if (facts.signal !== undefined) run.signal = facts.signal;
  if (verdict.output !== undefined) run.output = verdict.output;
  if (verdict.message !== undefined) run.message = verdict.message;
  const warnings: string[] = [];
  if (stdout.invalid) warnings.push('stdout is not valid UTF-8');
  if (stderr.invalid) warnings.push('stderr is not valid UTF-8');
  if (facts.stderrOverflow) warnings.push(`stderr was truncated at ${terms.maxOutputBytes} bytes`);
  if (facts.escapees.length > 0) {
    warnings.push(
      `processes that left the hook's process group held its output and were killed: ${facts.escapees.join(', ')}`,
    );
  }
  for (const warning of verdict.outputWarnings) warnings.push(warning);
  if (warnings.length > 0) run.outputWarnings = warnings;
  run.stdout = clipForRecord(stdout.text);
  run.stderr = clipForRecord(stderr.text);
  return run;
};
