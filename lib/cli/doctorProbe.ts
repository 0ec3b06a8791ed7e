/**
 * `hookstream doctor --run`: runs one hook once, on a synthetic input for its event, through the executor
 * stack `fire` uses, and reads the run for what would make it silently not work: it could not start (126,
 * 127), it ran out of its timeout or came close, its output does not decode (JSON that does not parse is
 * read as a plain message, so its decision is lost), or it failed open.
 */
import { lastValueFrom } from 'rxjs';
import { DEFAULT_TIMEOUT_MS } from '../core/limits.js';
import type { HookEntry, HookExecutor, HookRun } from '../model/types.js';
import { parseStdout } from '../protocol/commandProtocol.js';
import { probeTarget, type DoctorFinding } from './doctorChecks.js';
import { probeInput } from './doctorInputs.js';
import { programOf } from '../kinds/table.js';

/** A run that took this share of its timeout or more is reported as slow. */
export const SLOW_SHARE = 0.8;

const finding = (kind: DoctorFinding['kind'], severity: DoctorFinding['severity'], message: string): DoctorFinding => ({
  kind,
  severity,
  message,
});

/** What a probe run says about its hook. */
export const readProbe = (run: HookRun, timeoutMs: number): DoctorFinding[] => {
  const detail = run.stderr?.trim().split('\n')[0];
  const why = detail === undefined || detail === '' ? '' : `: ${detail}`;
  if (run.exitCode === 127) return [finding('not-found', 'error', `cannot start: exit 127 (command not found)${why}`)];
  if (run.exitCode === 126)
    return [finding('not-executable', 'error', `cannot start: exit 126 (not executable)${why}`)];
  if (run.outcome === 'timeout') {
    return [finding('timeout', 'error', `slower than its timeout: killed after ${timeoutMs} ms on a synthetic input`)];
  }
  const findings: DoctorFinding[] = [];
  if (run.durationMs >= SLOW_SHARE * timeoutMs) {
    findings.push(
      finding(
        'slow',
        'warning',
        `took ${Math.round(run.durationMs)} ms of its ${timeoutMs} ms timeout on a synthetic input`,
      ),
    );
  }
  const stdout = run.stdout === undefined ? undefined : parseStdout(run.stdout);
  if (stdout?.kind === 'text' && /^[[{]/.test(stdout.text)) {
    findings.push(
      finding(
        'invalid-output',
        'error',
        'invalid output: stdout looks like JSON but does not parse, so it is read as a message and its decision is lost',
      ),
    );
  }
  for (const warning of run.outputWarnings ?? [])
    findings.push(finding('invalid-output', 'error', `invalid output: ${warning}`));
  if (run.exitCode === 2 && (run.stderr ?? '').trim() === '' && (run.stdout ?? '').trim() === '') {
    findings.push(finding('failed', 'warning', 'blocked with exit 2 and no reason (a shell error exits 2 as well)'));
  } else if (run.outcome === 'warning' || run.outcome === 'failed') {
    findings.push(finding('failed', 'warning', `fails open on a synthetic input: ${run.message ?? run.outcome}`));
  }
  return findings;
};

/** Runs `entry` once and reads the run. */
export const probeHook = async (
  executor: HookExecutor,
  entry: HookEntry,
  projectDir: string,
): Promise<{ run: HookRun; findings: DoctorFinding[] }> => {
  const run = await lastValueFrom(executor(entry, probeInput(entry.event, probeTarget(entry), projectDir)));
  const timeoutMs = programOf(entry.definition)?.timeout ?? DEFAULT_TIMEOUT_MS;
  return { run, findings: readProbe(run, timeoutMs) };
};
