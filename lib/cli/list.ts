/**
 * `hookstream list`: the configured hooks of each event in plan order — source, the agent whose file it is
 * (Claude Code, Gemini CLI) and the event it was written under, file, matcher, mode, timeout, failure policy,
 * trust state — and, with `--tool`, whether each would run for that tool.
 * Duplicates are marked as the planner drops them: trust first, so an unapproved copy never shadows a
 * trusted one (lib/plan/dedup.ts). Settings problems are reported as `validate` reports them, on stderr; a
 * settings error (a file that cannot be read or parsed) makes the exit status 1, after the hooks of the other files.
 */
import type { Command } from 'commander';
import { loadSettingsSync } from '../config/index.js';
import type { LoadedSettings } from '../config/index.js';
import { EVENT_NAMES, MATCH_TARGET, type EventName } from '../events/names.js';
import { HOOK_SOURCES, type HookEntry } from '../model/types.js';
import { CliError, printLine, raiseStatus, type CliContext } from './context.js';
import { resolveEventName } from './fire.js';
import { createLocator, type Locate } from './locate.js';
import {
  errorCount,
  reportLoadProblems,
  resolveDialectSettings,
  withDialectOption,
  withSharedOptions,
  type SharedOptions,
} from './settingsOptions.js';
import { clip, createPaint, formatTable, hookLabel, type Paint } from './style.js';
import { DEFAULT_TIMEOUT_MS } from '../core/limits.js';
import { commandGroupKey } from '../plan/createEntry.js';
import { isConfigured, kindApproval, kindLabel, programOf } from '../kinds/table.js';
import { keptOver, standsFor } from '../plan/dedup.js';
import type { TrustGate, TrustState } from '../trust/index.js';
import { cliTrustGate, STATE_LABEL } from './trustView.js';
import { httpSummary, type HttpView } from './httpView.js';
import { visible, visibleJson } from './visible.js';

interface ListOptions extends SharedOptions {
  event?: string;
  tool?: string;
}

type Entry = LoadedSettings['entries'][number];

/** One hook as listed (also the `--json` shape). */
export interface ListedHook {
  name: string;
  /** The hook type (`command`, `http`, `prompt`, `agent`, `mcp_tool`). */
  type: string;
  /** What runs: the command, the URL, `server/tool`, or the prompt's first line. */
  command: string;
  args?: string[];
  source: HookEntry['origin']['source'];
  file?: string;
  pointer?: string;
  line?: number;
  column?: number;
  /** Absent: matches everything. */
  matcher?: string;
  sequential: boolean;
  timeoutMs: number;
  failurePolicy: 'allow' | 'block';
  /** Named in `hooksConfig.disabled`. */
  disabled: boolean;
  /** The same command already runs from a higher-priority hook (for `--tool`, or on every event), so this one is dropped. */
  duplicate: boolean;
  /** With `--tool`: true/false; `null` when the event matches something other than a tool name. */
  matches?: boolean | null;
  /** `approved`, `needs-approval`, `changed` (since its approval) or `not-needed` (runtime, user, system hooks). */
  trust: TrustState;
  /** Another agent's hook: its dialect and the event it was configured under (`claude`, `PreToolUse`). */
  dialect?: string;
  nativeEvent?: string;
  /** Its `if` condition, tested before each run. */
  condition?: string;
  /** Runs in the background (`async`/`asyncRewake`): the event does not wait for it. */
  background?: true;
  /** An http hook: URL, method, headers as written and the variables they send. */
  http?: HttpView;
}

export interface ListedEvent {
  event: EventName;
  /** With `--tool`, the plan's mode; without, `sequential` when any group of the event says so. */
  mode: 'parallel' | 'sequential';
  hooks: ListedHook[];
}

const rank = (entry: Entry): number => HOOK_SOURCES.indexOf(entry.origin.source);

/** Whether `entry` would run for `tool`; events without a match target run every hook. */
const matchesTool = (entry: Entry, tool: string): boolean | null => {
  const target = MATCH_TARGET[entry.event];
  if (target === undefined) return true;
  if (target !== 'tool_name') return null;
  return entry.matcher === undefined || entry.matcher.test(tool);
};

const listHook = (
  entry: Entry,
  locate: Locate,
  flags: Pick<ListedHook, 'disabled' | 'duplicate' | 'trust'>,
  tool?: string,
) => {
  const { definition, origin } = entry;
  if (!isConfigured(definition)) throw new Error('settings never hold function hooks');
  const program = programOf(definition);
  const { http } = kindApproval(definition);
  const position =
    origin.file !== undefined && origin.pointer !== undefined ? locate(origin.file, origin.pointer) : undefined;
  const hook: ListedHook = {
    name: entry.name,
    type: definition.type,
    command: program !== undefined ? program.command : kindLabel(definition),
    ...(program?.args ? { args: program.args } : {}),
    source: origin.source,
    ...(origin.file !== undefined ? { file: origin.file } : {}),
    ...(origin.pointer !== undefined ? { pointer: origin.pointer } : {}),
    ...position,
    ...(entry.matcher ? { matcher: entry.matcher.pattern } : {}),
    sequential: entry.sequential,
    timeoutMs: definition.timeout ?? DEFAULT_TIMEOUT_MS,
    failurePolicy: definition.failurePolicy ?? 'allow',
    ...flags,
  };
  if (tool !== undefined) hook.matches = matchesTool(entry, tool);
  if (origin.dialect !== undefined && origin.dialect !== 'hookstream') hook.dialect = origin.dialect;
  if (origin.nativeEvent !== undefined && hook.dialect !== undefined) hook.nativeEvent = origin.nativeEvent;
  if (entry.condition !== undefined) hook.condition = entry.condition.rule;
  if (definition.async === true || definition.asyncRewake === true) hook.background = true;
  if (http !== undefined) hook.http = http;
  return hook;
};

/** Whether `winner` is kept over `other` by the planner's dedup rule (lib/plan/dedup.ts `keptOver`). */
const beats = (entries: readonly Entry[], winner: number, other: number, trusted: readonly boolean[]): boolean =>
  keptOver(
    entries[winner] as Entry,
    trusted[winner] === true,
    entries[other] as Entry,
    trusted[other] === true,
    winner < other,
  );

/**
 * The listed events, in canonical order; within one, plan order (source priority, then config order).
 *
 * @param gate Trust states and the dedup rule; without one every hook counts as trusted.
 */
export const listEvents = (
  loaded: LoadedSettings,
  only?: EventName,
  tool?: string,
  gate?: TrustGate,
): ListedEvent[] => {
  const locate = createLocator();
  const sorted = [...loaded.entries].sort((a, b) => rank(a) - rank(b));
  return EVENT_NAMES.filter((event) => only === undefined || event === only).flatMap((event) => {
    const entries = sorted.filter((entry) => entry.event === event);
    if (entries.length === 0) return [];
    const states = entries.map((entry): TrustState => gate?.inspect(entry).state ?? 'not-needed');
    const trusted = states.map((state) => state === 'approved' || state === 'not-needed');
    const runs = entries.map(
      (entry) => !loaded.disabled.has(entry.name) && (tool === undefined || matchesTool(entry, tool) !== false),
    );
    // Without a tool, only a hook that runs on every event surely shadows a copy.
    const sure = entries.map(
      (entry, index) =>
        runs[index] === true &&
        (tool !== undefined || entry.matcher === undefined || MATCH_TARGET[event] === undefined),
    );
    const keys = entries.map((entry) => commandGroupKey(entry));
    const hooks = entries.map((entry, index) => {
      const duplicate =
        runs[index] === true &&
        keys.some(
          (key, other) =>
            other !== index &&
            key === keys[index] &&
            sure[other] === true &&
            beats(entries, other, index, trusted) &&
            standsFor(entries[other] as Entry, entries[index] as Entry),
        );
      return listHook(
        entry,
        locate,
        { disabled: loaded.disabled.has(entry.name), duplicate, trust: states[index] ?? 'not-needed' },
        tool,
      );
    });
    const active = hooks.filter((hook) => !hook.disabled && !hook.duplicate && hook.matches !== false);
    return [{ event, mode: active.some((hook) => hook.sequential) ? 'sequential' : 'parallel', hooks }];
  });
};

const trustCell = (state: TrustState, paint: Paint): string =>
  state === 'not-needed'
    ? paint.dim('-')
    : state === 'approved'
      ? paint.green(STATE_LABEL[state])
      : paint.yellow(STATE_LABEL[state]);

const matchCell = (matches: boolean | null | undefined, paint: Paint): string =>
  matches === null ? paint.dim('n/a') : matches ? paint.green('yes') : paint.red('no');

const agentCell = (hook: ListedHook): string =>
  hook.dialect === undefined
    ? '-'
    : visible(
        [hook.dialect, hook.nativeEvent, hook.condition === undefined ? undefined : `if ${hook.condition}`]
          .filter((part) => part !== undefined)
          .join(' '),
      );

const noteOf = (hook: ListedHook): string =>
  [hook.disabled ? 'disabled' : hook.duplicate ? 'duplicate' : undefined, hook.background ? 'background' : undefined]
    .filter((part) => part !== undefined)
    .join(', ');

const formatEvent = (listed: ListedEvent, paint: Paint, tool: string | undefined): string[] => {
  // Optional columns appear only when they say something.
  const notes = listed.hooks.some((hook) => hook.disabled || hook.duplicate || hook.background === true);
  const agents = listed.hooks.some((hook) => hook.dialect !== undefined);
  const headers = ['NAME', 'SOURCE', 'MATCHER', 'TIMEOUT', 'POLICY', 'TRUST'];
  if (agents) headers.splice(2, 0, 'AGENT');
  if (tool !== undefined) headers.push('MATCH');
  if (notes) headers.push('NOTE');
  headers.push('FILE');
  const rows = listed.hooks.map((hook) => {
    const row = [
      // Escaped before clipping: an escape is never cut in half, and no raw control character reaches the table.
      clip(visible(hookLabel(hook.name, [hook.command, ...(hook.args ?? [])].join(' '))), 40),
      hook.source,
      hook.matcher === undefined ? '*' : visible(hook.matcher),
      `${hook.timeoutMs} ms`,
      hook.failurePolicy,
      trustCell(hook.trust, paint),
    ];
    // `claude PreToolUse if Write(.env*)`: whose hook it is, the event it was written under, its condition.
    if (agents) row.splice(2, 0, agentCell(hook));
    if (tool !== undefined) row.push(matchCell(hook.matches, paint));
    if (notes) row.push(paint.dim(noteOf(hook)));
    row.push(visible([hook.file ?? '-', hook.line, hook.column].filter((part) => part !== undefined).join(':')));
    return row;
  });
  const count = `${listed.hooks.length} hook${listed.hooks.length === 1 ? '' : 's'}`;
  // What an http hook sends does not fit a cell: one line each under the table.
  const http = listed.hooks.flatMap((hook) =>
    hook.http === undefined ? [] : [`  ${visible(hook.name)} → ${httpSummary(hook.http)}`],
  );
  return [
    `${paint.bold(listed.event)} ${paint.dim(`(${listed.mode}, ${count})`)}`,
    ...formatTable(headers, rows, paint),
    ...http,
  ];
};

const list = (context: CliContext, options: ListOptions): void => {
  const only = options.event === undefined ? undefined : resolveEventName(options.event);
  const settings = resolveDialectSettings(context, options);
  const loaded = loadSettingsSync(settings.files);
  if (reportLoadProblems(context, loaded.problems, settings)) {
    throw new CliError('the settings files named with --settings have errors');
  }
  const settingsErrors = errorCount(loaded.problems);
  raiseStatus(context, settingsErrors > 0 ? 1 : 0);
  const events = listEvents(loaded, only, options.tool, cliTrustGate(context, settings.projectDir));
  if (options.json) {
    printLine(context, visibleJson({ events }));
    return;
  }
  const paint = createPaint(context.color);
  if (events.length === 0) {
    const none = only === undefined ? 'no hooks configured' : `no hooks configured for ${only}`;
    // Not "none configured" when a file could not be read: its hooks are unknown, not absent.
    printLine(context, settingsErrors === 0 ? none : `${none} in the settings files that could be read`);
    return;
  }
  events.forEach((listed, index) => {
    if (index > 0) printLine(context);
    for (const line of formatEvent(listed, paint, options.tool)) printLine(context, line);
  });
};

/** Adds the `list` command to `program`. */
export const defineList = (program: Command, context: CliContext): void => {
  withSharedOptions(
    withDialectOption(
      program
        .command('list')
        .description('show the configured hooks of each event in plan order')
        .option('--event <event>', 'only this event (any alias)')
        .option('--tool <name>', 'show whether each hook would run for this tool'),
    ),
  )
    .addHelpText('after', '\nExit status: 0, or 1 when a settings file has an error (reported on stderr).')
    .action((options: ListOptions) => {
      list(context, options);
    });
};
