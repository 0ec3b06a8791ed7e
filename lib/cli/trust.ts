/**
 * `hookstream trust`: approve the project's command hooks after reviewing them, one by one. Command
 * hooks from project and extension settings files run only once approved; an approval is pinned to the
 * hook's fingerprint (project path, event, matcher, definition, and the bytes of every local file the
 * command runs), so any later change needs a new one. Each hook is shown with what its approval pins and
 * what it does not.
 * - On a terminal it asks per hook; otherwise `--all` or `--hook NAME` says what to approve, and without
 *   either it lists what needs approval and exits 1.
 * - `--list` shows each hook's state; `--revoke` withdraws approvals (all of the project's, or `--hook`'s)
 *   and prunes stale ones; `--prune` only prunes (approvals whose project or files are gone, or that a
 *   newer approval of the same hook replaced).
 */
import { realpathSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import type { Command } from 'commander';
import { loadSettingsSync, type LoadedSettings } from '../config/index.js';
import { createTrustGate, type TrustGate } from '../trust/index.js';
import { CliError, printLine, printNote, type CliContext } from './context.js';
import { createLocator } from './locate.js';
import {
  reportLoadProblems,
  resolveDialectSettings,
  withDialectOption,
  withSharedOptions,
  type SharedOptions,
} from './settingsOptions.js';
import { createPaint, type Paint } from './style.js';
import { describeHook, duplicateNotes, trustView, withStoreErrors, type TrustView } from './trustView.js';
import { visible, visibleJson } from './visible.js';

interface TrustOptions extends SharedOptions {
  all?: boolean;
  hook?: string[];
  list?: boolean;
  revoke?: boolean;
  prune?: boolean;
}

type Entry = LoadedSettings['entries'][number];
interface Candidate {
  entry: Entry;
  view: TrustView;
}

const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

const isInteractive = (context: CliContext): boolean =>
  (context.stdin as { isTTY?: boolean }).isTTY === true && (context.stdout as { isTTY?: boolean }).isTTY === true;

/** Asks about each hook on the terminal: y(es), n(o), a(ll the rest), q(uit). */
const ask = async (context: CliContext, pending: readonly Candidate[], paint: Paint): Promise<Candidate[]> => {
  const terminal = createInterface({ input: context.stdin, output: context.stdout });
  const chosen: Candidate[] = [];
  try {
    for (const [index, candidate] of pending.entries()) {
      printLine(context);
      for (const line of describeHook(candidate.view, paint)) printLine(context, line);
      const answer = (
        await terminal.question(`Approve "${visible(candidate.view.hook)}"? [y]es, [n]o, [a]ll, [q]uit: `)
      )
        .trim()
        .toLowerCase();
      if (answer === 'a' || answer === 'all') return chosen.concat(pending.slice(index));
      if (answer === 'q' || answer === 'quit') return chosen;
      if (answer === 'y' || answer === 'yes') chosen.push(candidate);
    }
    return chosen;
  } finally {
    terminal.close();
  }
};

/** The hooks `--hook` names; an unknown name is a usage error that lists the known ones. */
const named = (candidates: readonly Candidate[], names: readonly string[], projectDir: string): Candidate[] => {
  for (const name of names) {
    if (!candidates.some(({ view }) => view.hook === name)) {
      const known = candidates.map(({ view }) => visible(view.hook)).join(', ') || 'none';
      throw new CliError(
        `no project or extension hook named "${visible(name)}" in ${visible(projectDir)} (hooks that need approval: ${known})`,
      );
    }
  }
  return candidates.filter(({ view }) => names.includes(view.hook));
};

const revoke = (context: CliContext, gate: TrustGate, options: TrustOptions, project: string): void => {
  const names = options.hook ?? [];
  const revoked = withStoreErrors(() =>
    names.length === 0
      ? gate.store.revoke({ project })
      : names.reduce((count, hook) => count + gate.store.revoke({ project, hook }), 0),
  );
  const pruned = withStoreErrors(() => gate.store.prune());
  if (options.json) {
    printLine(context, JSON.stringify({ revoked, pruned: pruned.length }));
    return;
  }
  printLine(context, `revoked ${plural(revoked, 'approval')} for ${project}`);
  if (pruned.length > 0) printLine(context, `pruned ${plural(pruned.length, 'stale approval')}`);
};

const prune = (context: CliContext, gate: TrustGate, options: TrustOptions): void => {
  const pruned = withStoreErrors(() => gate.store.prune());
  if (options.json) {
    printLine(context, visibleJson({ pruned }));
    return;
  }
  printLine(context, `pruned ${plural(pruned.length, 'stale approval')} from ${gate.store.path}`);
  for (const approval of pruned)
    printLine(context, `  ${visible(approval.hook)} (${approval.event}) in ${visible(approval.project)}`);
};

/** Prints each hook as it is reviewed, a blank line between them. */
const showAll = (context: CliContext, candidates: readonly Candidate[], paint: Paint): void => {
  candidates.forEach(({ view }, index) => {
    if (index > 0) printLine(context);
    for (const line of describeHook(view, paint)) printLine(context, line);
  });
};

/** `--list`: each hook's state and what its approval pins; a refused store is one note (nothing counts as approved). */
const list = (
  context: CliContext,
  gate: TrustGate,
  pool: readonly Candidate[],
  options: TrustOptions,
  paint: Paint,
) => {
  const problem = gate.store.problem();
  if (problem !== undefined) printNote(context, problem);
  if (options.json) printLine(context, visibleJson({ store: gate.store.path, hooks: pool.map((c) => c.view) }));
  else if (pool.length === 0) printLine(context, 'no project or extension hooks need approval');
  else showAll(context, pool, paint);
};

/** Which of `pending` to approve: all of them (`--all`, `--hook`), the terminal's answers, or none (exit 1). */
const choose = async (context: CliContext, pending: Candidate[], options: TrustOptions, paint: Paint) => {
  if (pending.length === 0 || options.all === true || options.hook !== undefined) return pending;
  if (isInteractive(context) && options.json !== true) return ask(context, pending, paint);
  showAll(context, pending, paint);
  const one = pending.length === 1;
  throw new CliError(
    `${plural(pending.length, 'hook')} need${one ? 's' : ''} approval; review ${one ? 'it' : 'them'} above, then run ` +
      '`hookstream trust --all` (or `--hook NAME` for one)',
  );
};

const approve = async (
  context: CliContext,
  gate: TrustGate,
  pool: Candidate[],
  options: TrustOptions,
  paint: Paint,
) => {
  const pending = pool.filter(({ view }) => view.state !== 'approved');
  // A store others could write approves nothing: say so once, before asking anything.
  const problem = gate.store.problem();
  if (pending.length > 0 && problem !== undefined) throw new CliError(`nothing can be approved: ${problem}`);
  const chosen = await choose(context, pending, options, paint);
  const fingerprints = new Set(withStoreErrors(() => gate.approveAll(chosen.map(({ entry }) => entry))));
  if (options.json) {
    const hooks = pool.map(({ view }) =>
      Object.assign({}, view, { approved: view.state === 'approved' || fingerprints.has(view.fingerprint ?? '') }),
    );
    printLine(context, visibleJson({ store: gate.store.path, hooks }));
    return;
  }
  if (pool.length === 0) {
    printLine(context, 'no project or extension hooks need approval');
    return;
  }
  if (!isInteractive(context)) showAll(context, chosen, paint);
  const already = pool.length - pending.length;
  const total = `${plural(chosen.length, 'hook')} approved${already > 0 ? ` (${already} already approved)` : ''}`;
  printLine(context, `\n${total}; approvals are kept in ${gate.store.path}`);
};

const trust = async (context: CliContext, options: TrustOptions): Promise<void> => {
  const settings = resolveDialectSettings(context, options);
  const loaded = loadSettingsSync(settings.files);
  if (reportLoadProblems(context, loaded.problems, settings)) {
    throw new CliError('the settings files named with --settings have errors');
  }
  const gate = createTrustGate(settings.projectDir);
  // Approvals record the project's real path, as its fingerprints do.
  if (options.revoke) {
    revoke(context, gate, options, realpathSync(settings.projectDir));
    return;
  }
  if (options.prune) {
    prune(context, gate, options);
    return;
  }
  const paint = createPaint(context.color);
  const locate = createLocator();
  const candidates: Candidate[] = loaded.entries
    .filter((entry) => gate.needsApproval(entry))
    .map((entry) => {
      const view = trustView(entry, gate.inspect(entry), settings.projectDir, locate);
      const duplicates = duplicateNotes(entry, loaded.entries);
      if (duplicates.length > 0) view.duplicates = duplicates;
      return { entry, view };
    });
  const pool = options.hook === undefined ? candidates : named(candidates, options.hook, settings.projectDir);
  if (options.list) list(context, gate, pool, options, paint);
  else await approve(context, gate, pool, options, paint);
};

const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

/** Adds the `trust` command to `program`. */
export const defineTrust = (program: Command, context: CliContext): void => {
  withSharedOptions(
    withDialectOption(program.command('trust'))
      .description(
        "approve the project's command hooks after reviewing them (asks per hook on a terminal); changed hooks need a new approval",
      )
      .option('--all', 'approve every hook that needs approval, without asking')
      .option('--hook <name>', 'approve (or with --revoke, withdraw) only this hook; repeat for several', collect)
      .option('--list', "only show each hook's trust state and what its approval pins")
      .option('--revoke', "withdraw this project's approvals (or --hook's), and prune stale ones")
      .option('--prune', 'remove stale approvals: project or pinned files gone, or replaced by a newer approval'),
  ).action(async (options: TrustOptions) => {
    await trust(context, options);
  });
};
