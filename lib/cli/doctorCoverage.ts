/**
 * `hookstream doctor --coverage`: which tool paths each guard (a BeforeTool hook, in any agent's file: the hooks
 * that can deny a call) sees, before an incident shows it. Computed by the planner itself: the sample calls of
 * coveragePaths.ts are planned as events, and a guard sees a call when the plan holds it — its matcher, its `if`
 * condition and its effect matcher as compiled at load, the switches, dedup and trust as an event meets them.
 * Where the planner left a guard out, its own account (`explain`) says why; nothing is matched a second time.
 * A path a guard misses is a warning, as in `doctor`: exit 1 only when a settings file has an error.
 */
import { loadSettingsSync, type LoadedSettings } from '../config/index.js';
import type { HookEntry, HookPlan } from '../model/types.js';
import type { PlanTrust } from '../plan/dedup.js';
import { HookPlanner } from '../plan/planner.js';
import { HookRegistry } from '../plan/registry.js';
import { createTrustGate } from '../trust/trustGate.js';
import { printLine, raiseStatus, type CliContext } from './context.js';
import { callsFor, COVERAGE_LIMITS, COVERAGE_PATHS, SAMPLE_FILES, type CoverageCall } from './coveragePaths.js';
import { errorCount, reportLoadProblems, resolveDialectSettings, type SharedOptions } from './settingsOptions.js';
import { createPaint, type Paint } from './style.js';
import { visible, visibleJson } from './visible.js';

/** What became of one sample call: seen (`deduplicated`: through an identical hook in its stead), or why not. */
export type CallStatus = 'seen' | 'deduplicated' | 'untrusted' | 'condition' | 'disabled' | 'matcher';

export interface CallCoverage {
  readonly tool_name: string;
  readonly status: CallStatus;
  readonly why?: string;
}

/** `not-sent`: the guard's agent sends no call of this path. */
export type PathStatus = 'covered' | 'partial' | 'uncovered' | 'not-sent';

export interface PathCoverage {
  readonly path: string;
  readonly label: string;
  readonly status: PathStatus;
  readonly calls: readonly CallCoverage[];
}

export interface GuardCoverage {
  readonly name: string;
  readonly event: 'BeforeTool';
  readonly source: string;
  readonly file?: string;
  readonly pointer?: string;
  readonly dialect?: string;
  readonly required: boolean;
  readonly matcher?: string;
  readonly condition?: string;
  readonly paths: readonly PathCoverage[];
  /** The paths it misses in whole or in part: the warning. */
  readonly uncovered: readonly string[];
}

type Settings = Pick<LoadedSettings, 'entries' | 'disabled' | 'inactive' | 'enabled' | 'disabledBy'>;
type Entry = Omit<HookEntry, 'id'>;

/** Best first: a call is reported by the best answer any of its sample files got. */
const RANK: readonly CallStatus[] = ['seen', 'deduplicated', 'untrusted', 'condition', 'disabled', 'matcher'];

/** One guard on one planned call, from the plan and the planner's account of what it left out. */
const statusOf = (planner: HookPlanner, entry: Entry, fields: Record<string, unknown>, trust?: PlanTrust) => {
  const plan: HookPlan = planner.createExecutionPlan('BeforeTool', fields);
  if (plan.hooks.includes(entry as HookEntry) || plan.background?.includes(entry as HookEntry) === true) {
    return trust?.isTrusted(entry) === false
      ? { status: 'untrusted' as const, why: 'not approved (hookstream trust): skipped when it would run' }
      : { status: 'seen' as const };
  }
  const skip = planner.explain('BeforeTool', fields, plan).skipped.find((skipped) => skipped.entry === entry);
  if (skip?.cause === 'deduplicated')
    return { status: 'deduplicated' as const, why: `${skip.by.name} runs in its stead` };
  if (skip?.cause === 'disabled') return { status: 'disabled' as const, why: skip.by };
  if (skip?.cause === 'condition-false')
    return { status: 'condition' as const, why: `its condition does not hold: ${skip.by}` };
  return { status: 'matcher' as const, why: `matcher ${JSON.stringify(entry.matcher?.pattern)}` };
};

const callCoverage = (
  planner: HookPlanner,
  entry: Entry,
  call: CoverageCall,
  projectDir: string,
  trust?: PlanTrust,
): CallCoverage => {
  const inputs = new Map(SAMPLE_FILES.map((file) => [JSON.stringify(call.input(file)), call.input(file)]));
  const answers = [...inputs.values()].map((input) =>
    statusOf(planner, entry, { tool_name: call.tool_name, tool_input: input, cwd: projectDir }, trust),
  );
  const best = answers.reduce((a, b) => (RANK.indexOf(b.status) < RANK.indexOf(a.status) ? b : a));
  return { tool_name: call.tool_name, ...best };
};

const pathStatus = (calls: readonly CallCoverage[]): PathStatus => {
  if (calls.length === 0) return 'not-sent';
  const seen = calls.filter((call) => call.status === 'seen' || call.status === 'deduplicated').length;
  return seen === calls.length ? 'covered' : seen === 0 ? 'uncovered' : 'partial';
};

/**
 * Every guard of `loaded`, switched-off ones included, with the catalogue's paths it sees. `trust` is the gate the
 * hook system would use; `projectDir` is the calls' cwd, against which effect matchers resolve their paths.
 */
export const guardCoverage = (loaded: Settings, projectDir: string, trust?: PlanTrust): GuardCoverage[] => {
  // The planner the hook system builds for these settings (hookSettings.ts does the same).
  const registry = new HookRegistry();
  registry.setConfigured(loaded.entries.filter((entry) => !loaded.inactive.has(entry)));
  const planner = new HookPlanner(registry, loaded.disabled, trust, loaded.inactive);
  const inactive = [...loaded.inactive.keys()].filter((entry) => entry.event === 'BeforeTool');
  return [...registry.getHooksForEvent('BeforeTool'), ...inactive].map((entry): GuardCoverage => {
    const paths = COVERAGE_PATHS.map((path): PathCoverage => {
      const calls = callsFor(path, entry.origin.dialect).map((call): CallCoverage =>
        loaded.enabled
          ? callCoverage(planner, entry, call, projectDir, trust)
          : { tool_name: call.tool_name, status: 'disabled', why: loaded.disabledBy ?? 'hooks are switched off' },
      );
      return { path: path.id, label: path.label, status: pathStatus(calls), calls };
    });
    const { origin, matcher, condition } = entry;
    return {
      name: entry.name,
      event: 'BeforeTool',
      source: origin.source,
      ...(origin.file === undefined ? {} : { file: origin.file }),
      ...(origin.pointer === undefined ? {} : { pointer: origin.pointer }),
      ...(origin.dialect === undefined ? {} : { dialect: origin.dialect }),
      required: entry.definition.required === true,
      ...(matcher === undefined ? {} : { matcher: matcher.pattern }),
      ...(condition === undefined ? {} : { condition: condition.rule }),
      paths,
      uncovered: paths.filter((path) => path.status === 'partial' || path.status === 'uncovered').map((p) => p.path),
    };
  });
};

const MARKS: Record<PathStatus, (paint: Paint) => string> = {
  covered: (paint) => paint.green('✔'),
  partial: (paint) => paint.yellow('⚠'),
  uncovered: (paint) => paint.yellow('✖'),
  'not-sent': (paint) => paint.dim('–'),
};

/** `Bash, bash (matcher "Write"); Agent (…)`: the calls a guard misses, grouped by why. */
const missed = (calls: readonly CallCoverage[]): string => {
  const groups = new Map<string, string[]>();
  for (const call of calls) {
    if (call.status === 'seen' || call.status === 'deduplicated') continue;
    const why = call.why ?? call.status;
    groups.set(why, [...(groups.get(why) ?? []), call.tool_name]);
  }
  return [...groups].map(([why, names]) => `${names.join(', ')} (${why})`).join('; ');
};

const formatGuard = (guard: GuardCoverage, paint: Paint): string[] => {
  const where = [guard.event, guard.source, guard.file].filter((part) => part !== undefined).join('  ');
  const sees = [
    guard.matcher === undefined ? 'every tool' : `matcher ${JSON.stringify(guard.matcher)}`,
    guard.condition,
    guard.required ? 'required' : undefined,
  ].filter((part) => part !== undefined);
  const mark = guard.uncovered.length > 0 ? paint.yellow('⚠') : paint.green('✔');
  return [
    `${mark} ${paint.bold(visible(guard.name))}  ${paint.dim(visible(where))}  ${visible(sees.join(', '))}`,
    ...guard.paths.map((path) => {
      const head = `    ${MARKS[path.status](paint)} ${path.label}: `;
      if (path.status === 'not-sent') return head + paint.dim(`not sent by ${guard.dialect ?? 'its agent'}`);
      return head + (path.status === 'covered' ? 'seen' : `${path.status}, misses ${visible(missed(path.calls))}`);
    }),
  ];
};

/** Runs `doctor --coverage` with the shared options `doctor` resolved. */
export const doctorCoverage = (context: CliContext, options: SharedOptions): void => {
  const settings = resolveDialectSettings(context, options);
  const loaded = loadSettingsSync(settings.files);
  reportLoadProblems(context, loaded.problems, settings);
  const errors = errorCount(loaded.problems);
  const guards = guardCoverage(loaded, settings.projectDir, createTrustGate(settings.projectDir));
  const warnings = guards.filter((guard) => guard.uncovered.length > 0).length;
  raiseStatus(context, errors > 0 ? 1 : 0);
  if (options.json === true) {
    const report = {
      errors,
      warnings,
      problems: loaded.problems,
      samples: SAMPLE_FILES,
      guards,
      limits: COVERAGE_LIMITS,
    };
    printLine(context, visibleJson(report));
    return;
  }
  const paint = createPaint(context.color);
  for (const guard of guards) for (const line of formatGuard(guard, paint)) printLine(context, line);
  for (const limit of COVERAGE_LIMITS)
    printLine(context, paint.dim(`adapters: no hook sees ${limit.call}: ${limit.why}`));
  const count = `${guards.length} guard${guards.length === 1 ? '' : 's'}`;
  printLine(
    context,
    `checked ${count} on BeforeTool: ${warnings} with uncovered paths (warning${warnings === 1 ? '' : 's'})`,
  );
};
