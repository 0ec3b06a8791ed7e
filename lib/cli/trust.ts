/**
 * `hookstream trust`: approve the project's hooks after reviewing them. Command hooks from project and
 * extension settings files run only once approved; an approval is pinned to the hook's fingerprint
 * (project path, event, matcher, definition, script bytes), so any later change needs a new one.
 */
import { realpathSync } from 'node:fs';
import type { Command } from 'commander';
import { loadSettingsSync } from '../config/index.js';
import { createTrustGate, fingerprintSubject, hookFingerprint, needsApproval } from '../trust/index.js';
import { CliError, printLine, type CliContext } from './context.js';
import { reportLoadProblems, resolveSettings, withSharedOptions, type SharedOptions } from './settingsOptions.js';
import { clip, createPaint, formatTable } from './style.js';

interface TrustOptions extends SharedOptions {
  list?: boolean;
  revoke?: boolean;
}

const trust = (context: CliContext, options: TrustOptions): void => {
  const settings = resolveSettings(context, options);
  const loaded = loadSettingsSync(settings.files);
  if (reportLoadProblems(context, loaded.problems, settings)) {
    throw new CliError('the settings files named with --settings have errors');
  }
  const gate = createTrustGate(settings.projectDir);
  const paint = createPaint(context.color);
  const candidates = loaded.entries.filter(needsApproval).map((entry) => {
    const fingerprint = hookFingerprint(entry, settings.projectDir);
    return { entry, fingerprint, approved: gate.store.isApproved(fingerprint) };
  });

  if (options.revoke) {
    const removed = gate.store.revoke({ project: realpathSync(settings.projectDir) });
    if (options.json) printLine(context, JSON.stringify({ revoked: removed }));
    else printLine(context, `revoked ${removed} approval${removed === 1 ? '' : 's'} for ${settings.projectDir}`);
    return;
  }
  const rows = candidates.map(({ entry, fingerprint, approved }) => ({
    hook: entry.name,
    event: entry.event,
    file: entry.origin.file ?? '',
    command: [entry.definition.type === 'command' ? entry.definition.command : entry.name]
      .concat(entry.definition.type === 'command' ? (entry.definition.args ?? []) : [])
      .join(' '),
    script: fingerprintSubject(entry, settings.projectDir).script?.path ?? null,
    fingerprint,
    approved,
  }));
  if (!options.list) gate.approveAll(candidates.filter((c) => !c.approved).map((c) => c.entry));
  if (options.json) {
    printLine(
      context,
      JSON.stringify(
        {
          store: gate.store.path,
          hooks: rows.map((row) => ({ ...row, approved: options.list ? row.approved : true })),
        },
        null,
        2,
      ),
    );
    return;
  }
  if (rows.length === 0) {
    printLine(context, 'no project or extension hooks need approval');
    return;
  }
  const table = formatTable(
    ['HOOK', 'EVENT', 'STATUS', 'COMMAND'],
    rows.map((row) => [
      row.hook,
      row.event,
      row.approved
        ? paint.green('approved')
        : options.list
          ? paint.yellow('not approved')
          : paint.green('approved now'),
      clip(row.command, 60),
    ]),
    paint,
  );
  for (const line of table) printLine(context, line);
  const fresh = rows.filter((row) => !row.approved).length;
  if (!options.list)
    printLine(context, `\n${fresh} hook${fresh === 1 ? '' : 's'} approved; approvals are kept in ${gate.store.path}`);
};

/** Adds the `trust` command to `program`. */
export const defineTrust = (program: Command, context: CliContext): void => {
  withSharedOptions(
    program
      .command('trust')
      .description(
        "approve the project's command hooks (review them first: `hookstream list`); changed hooks need a new approval",
      )
      .option('--list', 'only show which hooks are approved')
      .option('--revoke', "withdraw every approval of this project's hooks"),
  ).action((options: TrustOptions) => {
    trust(context, options);
  });
};
