/**
 * An HTTP hook's run record from what its request did. A 2xx answer is the hook's stdout at
 * exit 0: the body goes through the same protocol as a command hook's (commandProtocol.ts, or its agent's
 * reading, dialectOutput.ts), so it allows, blocks, stops and adds context exactly as that stdout would. Every
 * other ending is a failure of the hook — outcome `failed` (`timeout` for the deadline) with a message naming
 * the URL without credentials —, which fails open unless the hook's failure policy makes it block. Pure.
 */
import type { EventName } from '../events/names.js';
import type { HookRun, HookSource } from '../model/types.js';
import { interpretCommandRun, type ProcessOutcome, type ProtocolVerdict } from '../protocol/commandProtocol.js';
import type { HttpFacts } from './httpRequest.js';
import { clipForRecord, decodeOutput } from '../protocol/readOutput.js';
import { stderrReason } from '../protocol/stderrReason.js';

/** The hook the record is about; `url` as messages show it (httpPolicy.ts `displayUrl`: no credentials, no query). */
export interface HttpSubject {
  readonly name: string;
  readonly event: EventName;
  readonly source: HookSource;
  readonly url: string;
}

export interface HttpTerms {
  readonly durationMs: number;
  readonly timeoutMs: number;
  readonly maxOutputBytes: number;
  /** Set when the host cancelled the run (or disposed the system): the message, outcome `canceled`. */
  readonly canceled?: string | undefined;
  /** The protocol as the hook's agent reads it; default hookstream's own. */
  readonly interpret?: ((name: string, outcome: ProcessOutcome) => ProtocolVerdict) | undefined;
  /** Warnings from before the request (header variables sent empty). */
  readonly warnings: readonly string[];
}

const failed = (message: string): ProtocolVerdict => ({ outcome: 'failed', message, outputWarnings: [] });

/** The verdict of a request that ended; the order of the checks is the precedence of the outcomes. */
const verdictOf = (subject: HttpSubject, facts: HttpFacts, body: string, invalid: boolean, terms: HttpTerms) => {
  const { name, url } = subject;
  const interpret =
    terms.interpret ?? ((hook: string, outcome: ProcessOutcome) => interpretCommandRun(hook, subject.event, outcome));
  if (terms.canceled !== undefined)
    return { outcome: 'canceled', message: terms.canceled, outputWarnings: [] } satisfies ProtocolVerdict;
  if (facts.timedOut) {
    // Through the protocol: an agent whose event blocks on a timeout (Claude's PreModelSwitch) blocks here too.
    const verdict = interpret(name, { stdout: '', stderr: '', timedOut: true, timeoutMs: terms.timeoutMs });
    if (verdict.message !== undefined) verdict.message = `${verdict.message} waiting for ${url}`;
    return verdict;
  }
  if (facts.error !== undefined) return failed(`Hook "${name}" could not reach ${url}: ${facts.error}`);
  if (facts.redirectRefused !== undefined)
    return failed(`Hook "${name}" was not answered: ${url} ${facts.redirectRefused}`);
  const status = facts.status ?? 0;
  if (status < 200 || status > 299) {
    const answered = `${status}${facts.statusText === undefined || facts.statusText === '' ? '' : ` ${facts.statusText}`}`;
    const detail = facts.overflow ? undefined : stderrReason(body);
    return failed(`Hook "${name}" got HTTP ${answered} from ${url}${detail === undefined ? '' : `: ${detail}`}`);
  }
  if (facts.overflow) {
    return failed(
      `Hook "${name}" answer was not used: the response of ${url} is larger than ${terms.maxOutputBytes} bytes`,
    );
  }
  if (invalid) return failed(`Hook "${name}" answer was not used: the response of ${url} is not valid UTF-8`);
  return interpret(name, { exitCode: 0, stdout: body, stderr: '', timedOut: false, timeoutMs: terms.timeoutMs });
};

/** The record of one HTTP hook run. */
export const httpRunRecord = (subject: HttpSubject, facts: HttpFacts, terms: HttpTerms): HookRun => {
  const decoded = decodeOutput(facts.body);
  const verdict = verdictOf(subject, facts, decoded.text, decoded.invalid, terms);
  // A literal, optional fields assigned after: `{ ...a, k }` gets a hidden class per object on Node 20.
  const run: HookRun = {
    name: subject.name,
    command: `POST ${subject.url}`,
    source: subject.source,
    durationMs: terms.durationMs,
    outcome: verdict.outcome,
  };
  if (verdict.output !== undefined) run.output = verdict.output;
  if (verdict.message !== undefined) run.message = verdict.message;
  const warnings = terms.warnings.concat(verdict.outputWarnings);
  if (warnings.length > 0) run.outputWarnings = warnings;
  if (facts.body.length > 0) run.stdout = clipForRecord(decoded.text);
  return run;
};
