/**
 * `ledger` in settings: turns the decision ledger on from a settings file, as the `ledger` option of
 * createHookSystem does from code — `"ledger": "decisions.ledger"`, or `{ path, keyFile, checkpointEvery, input,
 * redact }`. A relative path is the project directory's, `~/` the home directory's.
 *
 * A project or extension file is what a cloned repository controls: its ledger must stay inside the project (a
 * relative path without `..`), and it cannot name a signing key (a key kept in a repository proves nothing). Scopes
 * are merged so that the most trusted file that sets `ledger` decides: a project can neither move nor replace a
 * ledger the user or the administrator set, nor turn it off (there is no "off": the ledger is off by default).
 */
import type { HookSource } from '../model/types.js';
import { RESTRICTED_SOURCES } from '../policy/envPolicy.js';
import { SOURCE_TRUST } from '../plan/dedup.js';
import { joinPointer } from '../diagnostics/jsonLocate.js';
import type { ProblemSink } from '../diagnostics/problemSink.js';
import type { ConfigProblem } from '../diagnostics/problems.js';
import { decodeFields, LEDGER_SETTINGS_FIELDS } from '../dialects/hookstreamFields.js';

/** One source's `ledger`, paths as written (the facade resolves them against the project and home directories). */
export interface LoadedLedger {
  readonly source: HookSource;
  /** Absent for settings the host passed as an object. */
  readonly file?: string | undefined;
  /** The ledger file; relative to the project directory, `~/` the home directory's. */
  readonly path: string;
  /** A PEM file holding the Ed25519 private key that signs checkpoints (user and system settings only). */
  readonly keyFile?: string;
  /** Records between checkpoints (the writer's default when absent). */
  readonly checkpointEvery?: number;
  /** Record the event's input itself beside its digest, redacted. */
  readonly input?: boolean;
  /** JSON paths into the event's fields whose values are never written. */
  readonly redact?: readonly string[];
}

const POINTER = '/ledger';

/** Whether `path` cannot leave the directory it is resolved against: relative, no `..` step, no `~`. */
const staysInside = (path: string): boolean =>
  !path.startsWith('/') && !path.startsWith('~') && !path.split(/[\\/]/).includes('..');

/** Reads `ledger` of one source (a string or an object, decoded by SETTINGS_FIELDS); undefined when unusable. */
export function readLedgerSettings(
  value: string | Record<string, unknown>,
  origin: { readonly source: HookSource; readonly file?: string | undefined },
  sink: ProblemSink,
): LoadedLedger | undefined {
  const record = typeof value === 'string' ? { path: value } : value;
  const { fields, valid } = decodeFields(LEDGER_SETTINGS_FIELDS, record, POINTER, sink, {
    required: ['path'],
    consequence: 'the ledger of this file is not turned on',
  });
  if (!valid || fields.path === undefined) return undefined;
  const restricted = origin.file !== undefined && RESTRICTED_SOURCES.has(origin.source);
  const pathPointer = typeof value === 'string' ? POINTER : joinPointer(POINTER, 'path');
  if (restricted && !staysInside(fields.path)) {
    sink.error(pathPointer, `a ${origin.source} file's ledger must stay inside the project; not turned on`, {
      expected: 'a path relative to the project directory, without ".."',
      received: JSON.stringify(fields.path),
    });
    return undefined;
  }
  const ledger: { -readonly [K in keyof LoadedLedger]: LoadedLedger[K] } = { source: origin.source, path: fields.path };
  if (origin.file !== undefined) ledger.file = origin.file;
  if (fields.keyFile !== undefined) {
    if (restricted) {
      sink.warning(
        joinPointer(POINTER, 'keyFile'),
        `honoured in user and system settings only; ignored in ${origin.source} settings (the ledger is unsigned)`,
        { expected: 'this key in ~/.hookstream/settings.json, or the ledger option of createHookSystem', atKey: true },
      );
    } else ledger.keyFile = fields.keyFile;
  }
  if (fields.checkpointEvery !== undefined) ledger.checkpointEvery = fields.checkpointEvery;
  if (fields.input !== undefined) ledger.input = fields.input;
  if (fields.redact !== undefined) ledger.redact = fields.redact;
  return ledger;
}

/** The ledger of the most trusted scope that sets one; the others are reported as ignored. */
export function mergeLedgerSettings(
  ledgers: readonly LoadedLedger[],
  problems: ConfigProblem[],
): LoadedLedger | undefined {
  const [kept, ...rest] = [...ledgers].sort((a, b) => SOURCE_TRUST[b.source] - SOURCE_TRUST[a.source]);
  if (kept === undefined) return undefined;
  const by = `${kept.source} settings${kept.file === undefined ? '' : ` (${kept.file})`}`;
  for (const ledger of rest) {
    problems.push({
      severity: 'warning',
      file: ledger.file ?? ledger.source,
      pointer: POINTER,
      message: `the ledger is already set by ${by}; ${ledger.source} settings cannot replace it, so this one is ignored`,
    });
  }
  return kept;
}
