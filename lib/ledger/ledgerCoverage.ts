/**
 * Coverage from a ledger: every event where a required guard did not run and decide, grouped by cause
 * (`ran-and-failed: timeout`, `not-run-untrusted`, `not-run-disabled`, …) — the answer to "which calls went
 * through without the guard we require?". Read in the same pass that verifies the ledger, so a report is
 * never drawn from a ledger that does not check.
 */
import { isRecord } from '../core/guards.js';
import type { LedgerLine } from './ledgerFormat.js';
import { verifyLedger, type LedgerReport, type VerifyOptions } from './verifyLedger.js';

/** One required guard that did not decide one event. */
export interface CoverageGap {
  line: number;
  event: string;
  eventId?: number;
  session: string;
  at: string;
  guard: string;
  file?: string;
  pointer?: string;
  /** The switch, condition or standing-in copy, when the guard did not run for one. */
  by?: string;
}

export interface CoverageReport {
  verification: LedgerReport;
  events: number;
  /** Gaps by cause: the guard's status, with its failure for `ran-and-failed`. */
  gaps: Record<string, CoverageGap[]>;
}

const stringOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

const gapsOf = (record: LedgerLine['r'], line: number, into: Record<string, CoverageGap[]>): void => {
  const guards = Array.isArray(record.guards) ? (record.guards as unknown[]) : [];
  for (const guard of guards) {
    if (!isRecord(guard) || guard.required !== true || guard.status === 'ran-and-decided') continue;
    const cause = guard.status === 'ran-and-failed' ? `ran-and-failed: ${String(guard.failure)}` : String(guard.status);
    const gap: CoverageGap = {
      line,
      event: String(record.event),
      session: String(record.session),
      at: String(record.at),
      guard: String(guard.name),
    };
    if (typeof record.eventId === 'number') gap.eventId = record.eventId;
    const file = stringOf(guard.file);
    if (file !== undefined) gap.file = file;
    const pointer = stringOf(guard.pointer);
    if (pointer !== undefined) gap.pointer = pointer;
    const by = stringOf(guard.by);
    if (by !== undefined) gap.by = by;
    (into[cause] ??= []).push(gap);
  }
};

/** Verifies the ledger at `path` and collects its coverage gaps (up to the first break, if any). */
export const ledgerCoverage = (path: string, options: Omit<VerifyOptions, 'onRecord'> = {}): CoverageReport => {
  const gaps: Record<string, CoverageGap[]> = {};
  let events = 0;
  const verification = verifyLedger(path, {
    ...options,
    onRecord: (record, line) => {
      if (record.type !== 'event') return;
      events++;
      gapsOf(record, line, gaps);
    },
  });
  return { verification, events, gaps };
};

/** The event records of the ledger whose `eventId` is `id` (and whose session is `session`, when given), with their lines. */
export const findLedgerEvents = (
  path: string,
  id: number,
  session: string | undefined,
  options: Omit<VerifyOptions, 'onRecord'> = {},
): { verification: LedgerReport; found: { line: number; record: LedgerLine['r'] }[] } => {
  const found: { line: number; record: LedgerLine['r'] }[] = [];
  const verification = verifyLedger(path, {
    ...options,
    onRecord: (record, line) => {
      if (record.type === 'event' && record.eventId === id && (session === undefined || record.session === session)) {
        found.push({ line, record });
      }
    },
  });
  return { verification, found };
};
