/**
 * `hookstream audit verify|coverage|show LEDGER`: checks a decision ledger offline. Exit status for CI: 0 the
 * ledger checks (and, for `coverage`, every required guard decided every event); 2 a line is broken (edited,
 * deleted, reordered, spliced, re-hashed) or a required guard did not decide; 3 the ledger checks but ends
 * unsealed or torn (its writer crashed or is still writing); 1 usage errors and unreadable files.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { errorText } from '../core/guards.js';
import { ledgerCoverage, findLedgerEvents } from '../ledger/ledgerCoverage.js';
import { verdictOf, verifyLedger, type LedgerReport, type VerifyOptions } from '../ledger/verifyLedger.js';
import { CliError, printLine, raiseStatus, type CliContext } from './context.js';

interface AuditOptions {
  key?: string;
  json?: boolean;
}

/** Exit status of each verdict. */
const STATUS = { intact: 0, incomplete: 3, broken: 2 } as const;

const verifyOptions = (context: CliContext, options: AuditOptions): Omit<VerifyOptions, 'onRecord'> => {
  if (options.key === undefined) return {};
  try {
    return { publicKey: readFileSync(resolve(context.cwd, options.key), 'utf8') };
  } catch (error) {
    throw new CliError(`cannot read the key ${options.key}: ${errorText(error)}`);
  }
};

/** Runs `work`, turning a ledger that cannot be read into a usage error naming it. */
const reading = <T>(work: () => T): T => {
  try {
    return work();
  } catch (error) {
    throw new CliError(errorText(error));
  }
};

/** The human lines of a verification. */
const summary = (report: LedgerReport): string[] => {
  const lines: string[] = [];
  const verdict = verdictOf(report);
  lines.push(
    `${report.file}: ${verdict} — ${String(report.records)} records, ${String(report.events)} events, ` +
      `${String(report.checkpoints)} checkpoints, signatures ${report.signatures}`,
  );
  if (report.broken !== undefined) lines.push(`broken at ${report.broken.message}`);
  for (const torn of report.torn) {
    lines.push(
      `line ${String(torn.line)}: torn by a crash (${String(torn.bytes)} bytes)${torn.recovered ? ', terminated by the next writer' : ''}`,
    );
  }
  for (const line of report.unclosedBefore) {
    lines.push(
      `line ${String(line)}: the writer before this one did not close the ledger (its last batch may be lost)`,
    );
  }
  if (report.broken === undefined && report.unsealed > 0) {
    const sealed =
      report.sealedThrough === undefined ? 'no checkpoint yet' : `sealed through line ${String(report.sealedThrough)}`;
    lines.push(`${sealed}; ${String(report.unsealed)} records after it are not sealed`);
  }
  if (report.broken === undefined && !report.closed) lines.push('the ledger was not closed by its writer');
  return lines;
};

const verify = (context: CliContext, file: string, options: AuditOptions): void => {
  const report = reading(() => verifyLedger(resolve(context.cwd, file), verifyOptions(context, options)));
  if (options.json) printLine(context, JSON.stringify({ verdict: verdictOf(report), ...report }, null, 2));
  else for (const line of summary(report)) printLine(context, line);
  raiseStatus(context, STATUS[verdictOf(report)]);
};

const coverage = (context: CliContext, file: string, options: AuditOptions): void => {
  const report = reading(() => ledgerCoverage(resolve(context.cwd, file), verifyOptions(context, options)));
  const causes = Object.keys(report.gaps).sort();
  if (options.json) printLine(context, JSON.stringify({ verdict: verdictOf(report.verification), ...report }, null, 2));
  else {
    for (const line of summary(report.verification)) printLine(context, line);
    if (causes.length === 0)
      printLine(context, `every required guard ran and decided in all ${String(report.events)} events`);
    for (const cause of causes) {
      const gaps = report.gaps[cause] ?? [];
      printLine(context, `${cause}: ${String(gaps.length)}`);
      for (const gap of gaps) {
        const where = gap.file === undefined ? '' : ` (${gap.file}${gap.pointer ?? ''})`;
        const by = gap.by === undefined ? '' : ` by ${gap.by}`;
        printLine(
          context,
          `  line ${String(gap.line)} ${gap.at} ${gap.event}#${String(gap.eventId ?? '-')}: ${gap.guard}${where}${by}`,
        );
      }
    }
  }
  raiseStatus(context, Math.max(STATUS[verdictOf(report.verification)], causes.length > 0 ? 2 : 0));
};

const show = (context: CliContext, file: string, options: AuditOptions & { event: string; session?: string }): void => {
  const id = Number(options.event);
  if (!Number.isInteger(id))
    throw new CliError(`--event expects an event id (a whole number); received ${options.event}`);
  const { verification, found } = reading(() =>
    findLedgerEvents(resolve(context.cwd, file), id, options.session, verifyOptions(context, options)),
  );
  if (options.json) printLine(context, JSON.stringify(found, null, 2));
  else
    for (const { line, record } of found)
      printLine(context, `line ${String(line)}: ${JSON.stringify(record, null, 2)}`);
  if (verification.broken !== undefined)
    printLine(context, `warning: the ledger is broken at ${verification.broken.message}`);
  if (found.length === 0)
    throw new CliError(
      `no event ${options.event} in ${file}${options.session === undefined ? '' : ` for session ${options.session}`}`,
    );
  raiseStatus(context, verification.broken === undefined ? 0 : 2);
};

/** Adds the `audit` command to `program`. */
export const defineAudit = (program: Command, context: CliContext): void => {
  const audit = program.command('audit').description('verify a decision ledger and report which guards ran');
  const common = (command: Command): Command =>
    command
      .argument('<ledger>', 'a ledger file (the ledger option)')
      .option('--key <public.pem>', 'the Ed25519 public key checkpoints must be signed with')
      .option('--json', 'print machine-readable JSON on stdout');
  common(audit.command('verify').description('check the hash chain, signatures and record schema')).action(
    (file: string, options: AuditOptions) => {
      verify(context, file, options);
    },
  );
  common(
    audit.command('coverage').description('events where a required guard did not run and decide, by cause'),
  ).action((file: string, options: AuditOptions) => {
    coverage(context, file, options);
  });
  common(audit.command('show').description('the record of one event'))
    .requiredOption('--event <id>', 'the event id (eventId in the ledger)')
    .option('--session <id>', 'only the event of this session')
    .action((file: string, options: AuditOptions & { event: string; session?: string }) => {
      show(context, file, options);
    });
};
