/**
 * How `hookstream trust` and `hookstream list` show a hook's trust: its state, and for a hook that needs
 * an approval exactly what the approval pins (each file with its SHA-256) and what it does not (files the
 * command may load that could not be found without running it).
 */
import { createTrustGate, type HookTrust, type TrustGate, type TrustState } from '../trust/index.js';
import type { LoadedSettings } from '../config/index.js';
import { CliError, printNote, type CliContext } from './context.js';
import type { Locate } from './locate.js';
import type { Paint } from './style.js';
import { describeHttp, type HttpView } from './httpView.js';
import { kindApproval, programOf } from '../kinds/table.js';
import { visible } from './visible.js';
import { TrustStoreError } from '../trust/trustErrors.js';
import { isInside } from '../inspect/programs.js';
import path from 'node:path';
import { entryKey } from '../plan/createEntry.js';
import { SOURCE_TRUST } from '../plan/dedup.js';

type Entry = LoadedSettings['entries'][number];

/** How each state reads in a table. */
export const STATE_LABEL: Readonly<Record<TrustState, string>> = {
  approved: 'approved',
  'needs-approval': 'needs approval',
  changed: 'changed since approval',
  'not-needed': 'not needed',
};

/** One hook's trust as shown (also the `--json` shape of `trust`). */
export interface TrustView {
  hook: string;
  event: string;
  source: Entry['origin']['source'];
  file?: string;
  pointer?: string;
  line?: number;
  column?: number;
  /** `file:line:column`, the file relative to the project when inside it (else the source). */
  where: string;
  command: string;
  matcher?: string;
  state: TrustState;
  fingerprint?: string;
  /** The files the approval pins: path (relative inside the project), role, SHA-256. */
  pins: { path: string; role: string; sha256: string }[];
  /** What it does not pin, one line each (the `cannot pin: …` lines first). */
  notPinned: string[];
  /** Constructs hookstream does not understand: the approval does not cover what they run. */
  cannotPin: string[];
  /** Hooks of more trusted scopes it repeats: equal ones run once (as theirs), different ones run beside it. */
  duplicates?: string[];
  /** An http hook: where it posts, its headers as written and the variables they send. */
  http?: HttpView;
}

/** The command line of a command hook, args included. */
export const commandLine = (entry: Entry): string => {
  const program = programOf(entry.definition);
  return program !== undefined ? [program.command, ...(program.args ?? [])].join(' ') : entry.name;
};

export const trustView = (entry: Entry, trust: HookTrust, projectDir: string, locate: Locate): TrustView => {
  const { origin } = entry;
  const view: TrustView = {
    hook: entry.name,
    event: entry.event,
    source: origin.source,
    where: origin.source,
    command: commandLine(entry),
    state: trust.state,
    pins: (trust.subject?.files ?? []).map((file) => ({
      path: isInside(file.path, projectDir) ? path.relative(projectDir, file.path) : file.path,
      role: file.role,
      sha256: file.sha256,
    })),
    notPinned: trust.subject?.notPinned ?? [],
    cannotPin: trust.subject?.cannotPin ?? [],
  };
  if (origin.file !== undefined) view.file = origin.file;
  if (origin.pointer !== undefined) view.pointer = origin.pointer;
  const position =
    origin.file !== undefined && origin.pointer !== undefined ? locate(origin.file, origin.pointer) : undefined;
  if (position !== undefined) Object.assign(view, position);
  if (origin.file !== undefined) {
    const shown = isInside(origin.file, projectDir) ? path.relative(projectDir, origin.file) : origin.file;
    view.where = [shown, position?.line, position?.column].filter((part) => part !== undefined).join(':');
  }
  if (entry.matcher !== undefined) view.matcher = entry.matcher.pattern;
  if (trust.fingerprint !== undefined) view.fingerprint = trust.fingerprint;
  const { http } = kindApproval(entry.definition);
  if (http !== undefined) view.http = http;
  return view;
};

/**
 * How `entry` relates to hooks of more trusted scopes (lib/plan/dedup.ts) with the same command for the same
 * event: an equal definition runs once, as the other scope's hook; a different one (another `timeout`, `async`,
 * `if` …) is a hook of its own, and the other still runs.
 */
export const duplicateNotes = (entry: Entry, all: readonly Entry[]): string[] =>
  all
    .filter(
      (other) =>
        other !== entry &&
        other.event === entry.event &&
        SOURCE_TRUST[other.origin.source] > SOURCE_TRUST[entry.origin.source] &&
        commandLine(other) === commandLine(entry),
    )
    .map((other) => {
      const what = `${other.origin.source} hook "${other.name}"${other.origin.file === undefined ? '' : ` (${other.origin.file})`}`;
      return entryKey(other) === entryKey(entry)
        ? `duplicates ${what}: runs once, as the ${other.origin.source} hook`
        : `repeats the command of ${what} with another definition: both run`;
    });

const shortHash = (sha256: string): string =>
  /^[0-9a-f]{64}$/.test(sha256) ? `sha256 ${sha256.slice(0, 12)}…` : sha256;

/**
 * A hook as a person reviews it before approving: where, what, and what the approval pins and does not. Every
 * value from the settings is escaped: a control or bidi character shows as `\x1b`, `\r`, `\u202e`.
 */
export const describeHook = (view: TrustView, paint: Paint): string[] => {
  const state = view.state === 'approved' ? paint.green(STATE_LABEL.approved) : paint.yellow(STATE_LABEL[view.state]);
  const matcher = view.matcher === undefined ? '' : ` (matcher ${visible(view.matcher)})`;
  const lines = [
    `${paint.bold(visible(view.hook))}  ${view.event}${matcher}  ${state}`,
    `    from        ${visible(view.where)}`,
    ...(view.http === undefined ? [`    command     ${visible(view.command)}`] : describeHttp(view.http)),
  ];
  if (view.pins.length === 0)
    lines.push(`    pins        ${paint.yellow('no local file: the approval covers the command text only')}`);
  view.pins.forEach((pin, index) =>
    lines.push(
      `    ${index === 0 ? 'pins       ' : '           '} ${visible(pin.path)} (${pin.role}, ${shortHash(pin.sha256)})`,
    ),
  );
  // What the approval cannot cover comes first and stands out: the reader decides on it.
  for (const line of view.cannotPin) lines.push(`    ${paint.yellow(visible(line))}`);
  view.notPinned
    .filter((line) => !view.cannotPin.includes(line))
    .forEach((line, index) =>
      lines.push(`    ${index === 0 ? 'not pinned ' : '           '} ${paint.dim(visible(line))}`),
    );
  (view.duplicates ?? []).forEach((line, index) =>
    lines.push(`    ${index === 0 ? 'duplicates ' : '           '} ${paint.yellow(visible(line))}`),
  );
  return lines;
};

/**
 * The trust gate of the CLI's project, with the store's problem (a store others could write) printed once
 * on stderr: nothing in such a store counts.
 */
export const cliTrustGate = (context: CliContext, projectDir: string): TrustGate => {
  const gate = createTrustGate(projectDir);
  const problem = gate.store.problem();
  if (problem !== undefined) printNote(context, problem);
  return gate;
};

/** Runs `action`; a trust store error becomes the CLI's one-line error (exit 1), never a stack trace. */
export const withStoreErrors = <T>(action: () => T): T => {
  try {
    return action();
  } catch (error) {
    if (error instanceof TrustStoreError) throw new CliError(error.message);
    throw error;
  }
};
