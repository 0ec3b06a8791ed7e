/**
 * `hookstream doctor`: for every configured hook, what would make it silently not work — it cannot start
 * (127, 126), its shell line does not parse, it is not approved, its matcher matches nothing plausible,
 * hooks are switched off — and with `--run`, running it once on a synthetic input: invalid output, slower
 * than its timeout, failing open. Read-only by default. A progress bar on a terminal; `--json` for tools.
 * Settings problems are reported as `validate` reports them (file:line:column, what is wrong), on stderr.
 * Exit status 1 when any hook has an error, or a settings file does (one that cannot be read or parsed).
 * `--coverage` reports instead which tool paths each guard sees, uncovered ones as warnings (doctorCoverage.ts).
 */
import { homedir } from 'node:os';
import type { Command } from 'commander';
import { loadSettingsSync } from '../config/index.js';
import type { HookEntry } from '../model/types.js';
import type { Executors } from '../executors/createExecutors.js';
import { hookLabel } from '../observe/hookLabel.js';
import { withId } from '../plan/createEntry.js';
import { createTrustGate } from '../trust/trustGate.js';
import { CliError, printLine, raiseStatus, type CliContext } from './context.js';
import { checkHookStatically, type DoctorFinding } from './doctorChecks.js';
import {
  errorCount,
  reportLoadProblems,
  resolveDialectSettings,
  withDialectOption,
  withSharedOptions,
  type SharedOptions,
} from './settingsOptions.js';
import { createPaint, type Paint } from './style.js';
import { visible, visibleJson } from './visible.js';
import { programOf } from '../kinds/table.js';

interface DoctorOptions extends SharedOptions {
  run?: boolean;
  coverage?: boolean;
}

/** One hook's report. */
export interface DoctorHookReport {
  name: string;
  label: string;
  event: string;
  source: string;
  file?: string;
  pointer?: string;
  findings: DoctorFinding[];
  /** With `--run`: how the probe run ended. */
  run?: { outcome: string; exitCode?: number; durationMs: number };
}

/** `[████░░░░] 3/8 label`: the progress bar drawn on a terminal's stderr. */
export const progressBar = (done: number, total: number, label: string, width = 20): string => {
  const filled = total === 0 ? width : Math.round((done / total) * width);
  return `[${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${done}/${total} ${label}`;
};

const isTerminal = (stream: NodeJS.WritableStream): boolean => (stream as { isTTY?: boolean }).isTTY === true;

const formatReport = (reports: readonly DoctorHookReport[], paint: Paint): string[] =>
  reports.flatMap((report) => {
    const where = visible([report.event, report.source, report.file].filter((part) => part !== undefined).join('  '));
    const ran =
      report.run === undefined
        ? ''
        : paint.dim(`  ran: ${report.run.outcome} in ${Math.round(report.run.durationMs)} ms`);
    const mark = report.findings.some((f) => f.severity === 'error')
      ? paint.red('✖')
      : report.findings.length > 0
        ? paint.yellow('⚠')
        : paint.green('✔');
    return [
      `${mark} ${paint.bold(visible(report.label))}  ${paint.dim(where)}${ran}`,
      ...report.findings.map((f) => {
        const message = visible(f.message);
        return `    ${f.severity === 'error' ? paint.red(message) : paint.yellow(message)}`;
      }),
    ];
  });

const doctor = async (context: CliContext, options: DoctorOptions): Promise<void> => {
  const settings = resolveDialectSettings(context, options);
  const loaded = loadSettingsSync(settings.files);
  reportLoadProblems(context, loaded.problems, settings);
  // A file that cannot be read or parsed contributes no hook to check: its errors count, or doctor says "0 errors".
  const settingsErrors = errorCount(loaded.problems);
  const environment = { projectDir: settings.projectDir, home: homedir(), variables: process.env };
  const trust = createTrustGate(settings.projectDir);
  const entries: HookEntry[] = loaded.entries.map((entry, index) => withId(entry, index));
  const progress = isTerminal(context.stderr) && options.json !== true;
  // Loaded on demand: a read-only doctor never needs the process layer.
  let executor: Executors | undefined;
  let probeHook: typeof import('./doctorProbe.js').probeHook | undefined;
  if (options.run === true) {
    const [system, logging, probe] = await Promise.all([
      import('../system/systemExecutors.js'),
      import('../logging/logger.js'),
      import('./doctorProbe.js'),
    ]);
    // The executors `fire` builds, with `fire`'s options: a probe sees what the hook sees when it really runs
    // (the settings' environment policy, trust re-checked before the spawn, the failure policy).
    executor = system.createSystemExecutors(
      { spawnHelper: false },
      {
        projectDir: settings.projectDir,
        sessionId: 'hookstream-doctor',
        trust,
        settings: { envPolicy: loaded.envPolicy, http: loaded.http },
        root: logging.createRootLogger(),
      },
    );
    probeHook = probe.probeHook;
  }
  const reports: DoctorHookReport[] = [];
  try {
    for (const [index, entry] of entries.entries()) {
      const label = hookLabel(entry.name, programOf(entry.definition)?.command);
      if (progress) context.stderr.write(`\r\u001b[K${progressBar(index, entries.length, visible(label))}`);
      const approved = await trust.check(entry);
      const findings = checkHookStatically(entry, environment, approved);
      if (!loaded.enabled)
        findings.push({
          kind: 'failed',
          severity: 'warning',
          message: `never runs: ${loaded.disabledBy ?? 'hooks are switched off'}`,
        });
      else if (loaded.disabled.has(entry.name))
        findings.push({ kind: 'failed', severity: 'warning', message: 'never runs: listed in hooksConfig.disabled' });
      const inactive = loaded.inactive.get(loaded.entries[index] as (typeof loaded.entries)[number]);
      if (inactive !== undefined)
        findings.push({ kind: 'failed', severity: 'warning', message: `never runs: ${inactive}` });
      const report: DoctorHookReport = {
        name: entry.name,
        label,
        event: entry.event,
        source: entry.origin.source,
        findings,
      };
      if (entry.origin.file !== undefined) report.file = entry.origin.file;
      if (entry.origin.pointer !== undefined) report.pointer = entry.origin.pointer;
      // Only hooks that could start are run, and never one the user has not approved.
      if (
        executor !== undefined &&
        probeHook !== undefined &&
        approved &&
        !findings.some((f) => f.severity === 'error')
      ) {
        const probe = await probeHook(executor, entry, settings.projectDir);
        report.run = { outcome: probe.run.outcome, durationMs: probe.run.durationMs };
        if (probe.run.exitCode !== undefined) report.run.exitCode = probe.run.exitCode;
        findings.push(...probe.findings);
      }
      reports.push(report);
    }
  } finally {
    if (progress) context.stderr.write('\r\u001b[K');
    await executor?.dispose();
  }
  const all = reports.flatMap((report) => report.findings);
  const hookErrors = all.filter((f) => f.severity === 'error').length;
  const warnings = all.length - hookErrors;
  const errors = hookErrors + settingsErrors;
  raiseStatus(context, errors > 0 ? 1 : 0);
  if (options.json) {
    const problems = loaded.problems;
    printLine(context, visibleJson({ ran: options.run === true, errors, warnings, problems, hooks: reports }));
    return;
  }
  const paint = createPaint(context.color);
  for (const line of formatReport(reports, paint)) printLine(context, line);
  const mode = options.run === true ? 'each run once' : 'read-only: add --run to run each hook once';
  const inSettings = settingsErrors === 0 ? '' : ` (${settingsErrors} in the settings files, above)`;
  printLine(
    context,
    `checked ${reports.length} hook${reports.length === 1 ? '' : 's'} (${mode}): ${errors} error${errors === 1 ? '' : 's'}${inSettings}, ${warnings} warning${warnings === 1 ? '' : 's'}`,
  );
};

/** Adds the `doctor` command to `program`. */
export const defineDoctor = (program: Command, context: CliContext): void => {
  withSharedOptions(
    withDialectOption(program.command('doctor'))
      .description('find what would make each configured hook silently not work')
      .option(
        '--run',
        'also run each hook once on a synthetic input for its event (it really runs: side effects happen)',
      )
      .option(
        '--coverage',
        'instead: which tool paths (shell, file tools, apply_patch, MCP, sub-agents, web fetch) each BeforeTool guard sees',
      ),
  )
    .addHelpText(
      'after',
      '\nExit status: 0 when no hook and no settings file has an error (warnings allowed), 1 otherwise.' +
        ' With --coverage a path a guard misses is a warning.',
    )
    .action(async (options: DoctorOptions) => {
      // Loaded on demand: the coverage report plans sample calls, the checks above look at each hook.
      if (options.coverage === true && options.run === true) throw new CliError('--coverage runs no hook: drop --run');
      if (options.coverage === true) (await import('./doctorCoverage.js')).doctorCoverage(context, options);
      else await doctor(context, options);
    });
};
