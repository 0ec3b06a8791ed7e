/**
 * Which decision ledger a hook system writes: the host's `ledger` option, else the settings' `ledger` key
 * (lib/config/ledgerSettings.ts). The host's ledger that cannot be opened fails creation, as any option the host
 * got wrong; a settings ledger that cannot be opened is a settings error (the CLI exits non-zero on it) and the
 * hooks still run, so a repository's settings can never stop the user's guards by naming a bad ledger.
 */
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import type { LoadedLedger } from '../config/ledgerSettings.js';
import { errorText } from '../core/guards.js';
import type { ConfigProblem } from '../diagnostics/problems.js';
import { createLedger, type Ledger, type LedgerContext, type LedgerOptions } from '../ledger/ledgerTrace.js';
import type { Logger } from '../logging/logger.js';
import { RESTRICTED_SOURCES } from '../policy/envPolicy.js';

export interface SystemLedger {
  readonly ledger: Ledger | undefined;
  /** Why the settings' ledger is not written (empty when it is, or when none is set). */
  readonly problems: readonly ConfigProblem[];
}

/** `~/…` in the home directory, anything else relative in the project directory. */
const placed = (path: string, projectDir: string, home: string): string =>
  path === '~' || path.startsWith('~/') ? join(home, path.slice(1)) : resolve(projectDir, path);

/** The `ledger` option a settings ledger stands for: paths resolved, the key file read. */
const optionsOf = (loaded: LoadedLedger, projectDir: string, home: string): LedgerOptions => {
  const options: LedgerOptions = { path: placed(loaded.path, projectDir, home) };
  if (loaded.keyFile !== undefined) options.key = readFileSync(placed(loaded.keyFile, projectDir, home), 'utf8');
  if (loaded.checkpointEvery !== undefined) options.checkpointEvery = loaded.checkpointEvery;
  if (loaded.input !== undefined) options.input = loaded.input;
  if (loaded.redact !== undefined) options.redact = loaded.redact;
  return options;
};

/**
 * Opens the host's ledger, else the settings' one.
 *
 * @throws LedgerError (or RecordingError for a bad redact path) when the host's own ledger cannot be opened.
 */
export const openSystemLedger = (
  option: string | LedgerOptions | undefined,
  loaded: LoadedLedger | undefined,
  context: LedgerContext & { readonly projectDir: string },
): SystemLedger => {
  if (option !== undefined) {
    const ledger = createLedger(typeof option === 'string' ? { path: option } : option, context);
    return { ledger, problems: [] };
  }
  if (loaded === undefined) return { ledger: undefined, problems: [] };
  // A project's ledger is opened with the project as the root: no link in the repository leads it elsewhere.
  const restricted = loaded.file !== undefined && RESTRICTED_SOURCES.has(loaded.source);
  const root = restricted ? context.projectDir : undefined;
  try {
    const ledger = createLedger(optionsOf(loaded, context.projectDir, homedir()), Object.assign({}, context, { root }));
    return { ledger, problems: [] };
  } catch (error) {
    const problem: ConfigProblem = {
      severity: 'error',
      file: loaded.file ?? '<object>',
      pointer: '/ledger',
      message: `the decision ledger cannot be written, so no event is recorded: ${errorText(error)}`,
    };
    context.logger.error(`${problem.file} ${problem.pointer}: ${problem.message}`);
    return { ledger: undefined, problems: [problem] };
  }
};

/**
 * The problems of a reload, with a warning when it changed the settings' ledger: the ledger is opened once, at
 * creation (a ledger moved mid-session would split its chain), so the change waits for a new hook system.
 */
export const ledgerChanged = (
  before: LoadedLedger | undefined,
  after: LoadedLedger | undefined,
  hostLedger: boolean,
  logger: Logger,
  problems: readonly ConfigProblem[],
): readonly ConfigProblem[] => {
  if (hostLedger || JSON.stringify(before) === JSON.stringify(after)) return problems;
  const problem: ConfigProblem = {
    severity: 'warning',
    file: after?.file ?? before?.file ?? '<object>',
    pointer: '/ledger',
    message:
      'the ledger setting changed; a hook system keeps the ledger it was created with, so this takes effect in the next one',
  };
  logger.warn(`${problem.file} ${problem.pointer}: ${problem.message}`);
  return [...problems, problem];
};
