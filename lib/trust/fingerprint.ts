/**
 * A hook's trust fingerprint: SHA-256 over the project's real path, the event, the
 * matcher, the canonical hook definition and the bytes of every local file the command runs — found
 * through wrappers, interpreter options, PATH lookups and `#!` lines (lib/trust/commandFiles.ts). Any
 * change to one of them — a moved project, an edited command, an edited or swapped script — needs a new
 * approval. What the command may load that cannot be found statically is listed, not hashed.
 */
import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { commandFiles, variableMap, type FileRole } from './commandFiles.js';
import type { HookEntry } from '../model/types.js';
import { kindSubject, programOf } from '../kinds/table.js';
import { walkedDefinition } from './dialectCommand.js';
import { createFileMemo, sha256, type FileMemo } from './fileMemo.js';

/** A hook as settings describe it (a registry entry without its id). */
export type ConfiguredHook = Omit<HookEntry, 'id'>;

/** JSON with object keys sorted at every level: one text per meaning. */
export const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    typeof inner === 'object' && inner !== null && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );

const realPath = (path: string): string => {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
};

/** One file the approval pins. */
export interface PinnedFile {
  /** Absolute path as the command reaches it. */
  path: string;
  role: FileRole;
  /** The SHA-256 of its bytes; `missing` when it cannot be read; `→ <path>` for a link to a system program. */
  sha256: string;
}

/** What the fingerprint covers, readable: shown to a person who is asked to approve the hook. */
export interface FingerprintSubject {
  project: string;
  event: string;
  matcher: string;
  hook: unknown;
  /** Every local file the command runs, hashed. */
  files: PinnedFile[];
  /** What the command may run or load that is not pinned, one line each (not part of the hash). */
  notPinned: string[];
  /**
   * The `cannot pin: …` lines among them: constructs the inspector does not understand, so the approval does not
   * cover what they run (`validate` warns when a required or blocking hook has any).
   */
  cannotPin: string[];
}

/** Reads subjects and fingerprints of hooks in one project, remembering file hashes between calls. */
export interface Fingerprinter {
  subject(entry: ConfiguredHook): FingerprintSubject;
  /** The fingerprint of `entry` with the files of `subject` (read once, shown and hashed alike). */
  fingerprintOf(entry: ConfiguredHook, subject: FingerprintSubject): string;
  fingerprint(entry: ConfiguredHook): string;
}

/** The canonical form of a definition, computed once per definition object (settings objects are frozen in use). */
const definitionJson = new WeakMap<object, string>();

const hookOf = (entry: ConfiguredHook): unknown => kindSubject(entry.definition);

/**
 * A fingerprinter for `projectDir`. A hook inherits the host's environment, so `$VARS` in a script path and
 * the PATH that finds a program resolve with it; it is read once, here, as the process executors copy it
 * once (reading `process.env` on every check cost more than the rest of the check).
 */
export const createFingerprinter = (
  projectDir: string,
  home = homedir(),
  memo: FileMemo = createFileMemo(),
): Fingerprinter => {
  const project = realPath(projectDir);
  const variables = variableMap(process.env);
  const subject = (entry: ConfiguredHook): FingerprintSubject => {
    const program = programOf(entry.definition);
    const found =
      program !== undefined
        ? commandFiles(walkedDefinition(entry, program, projectDir), {
            projectDir,
            home,
            variables,
            probe: memo.probe,
            projectReal: project,
          })
        : { files: [], notPinned: [], cannotPin: [] };
    return {
      project,
      event: entry.event,
      matcher: entry.matcher?.pattern ?? '',
      hook: hookOf(entry),
      files: found.files.map((file) => ({
        path: file.path,
        role: file.role,
        sha256: file.pin === 'target' ? `→ ${memo.probe.realpath(file.path) ?? 'missing'}` : memo.hash(file.path),
      })),
      notPinned: [...found.notPinned],
      cannotPin: [...found.cannotPin],
    };
  };
  const staticPart = (entry: ConfiguredHook): string => {
    let hook = definitionJson.get(entry.definition);
    if (hook === undefined) {
      hook = canonicalJson(hookOf(entry));
      definitionJson.set(entry.definition, hook);
    }
    return `{"version":2,"project":${JSON.stringify(project)},"event":${JSON.stringify(entry.event)},"matcher":${JSON.stringify(entry.matcher?.pattern ?? '')},"hook":${hook}`;
  };
  const fingerprintOf = (entry: ConfiguredHook, read: FingerprintSubject): string => {
    const files = read.files.map((file) => [file.path, file.sha256]);
    return sha256(`${staticPart(entry)},"files":${JSON.stringify(files)}}`);
  };
  return {
    subject: (entry) => memo.once(() => subject(entry)),
    fingerprintOf,
    fingerprint: (entry) => memo.once(() => fingerprintOf(entry, subject(entry))),
  };
};

/** The fingerprint's inputs for `entry`, read now (file bytes included). */
export const fingerprintSubject = (entry: ConfiguredHook, projectDir: string, home = homedir()): FingerprintSubject =>
  createFingerprinter(projectDir, home).subject(entry);

/** The hex SHA-256 fingerprint of `entry` in `projectDir`. */
export const hookFingerprint = (entry: ConfiguredHook, projectDir: string, home = homedir()): string =>
  createFingerprinter(projectDir, home).fingerprint(entry);
