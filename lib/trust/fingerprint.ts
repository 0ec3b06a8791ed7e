/**
 * A hook's trust fingerprint (DESIGN §3 "Trust"): SHA-256 over the project's real path, the event, the
 * matcher, the canonical hook definition and the bytes of the local script it runs. Any change to one of
 * them — a moved project, an edited command, an edited script — needs a new approval.
 */
import { createHash } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { hookScriptOf } from '../inspect/hookScript.js';
import type { HookEntry } from '../core/types.js';

/** A hook as settings describe it (a registry entry without its id). */
export type ConfiguredHook = Omit<HookEntry, 'id'>;

/** JSON with object keys sorted at every level: one text per meaning. */
const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    typeof inner === 'object' && inner !== null && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );

const sha256 = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

const realPath = (path: string): string => {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
};

/** What the fingerprint covers, readable: shown to a person who is asked to approve the hook. */
export interface FingerprintSubject {
  project: string;
  event: string;
  matcher: string;
  hook: unknown;
  /** The local script the hook runs and the SHA-256 of its bytes (`missing` when it cannot be read). */
  script: { path: string; sha256: string } | null;
}

/** The fingerprint's inputs for `entry`, read now (script bytes included). */
export const fingerprintSubject = (entry: ConfiguredHook, projectDir: string, home = homedir()): FingerprintSubject => {
  const { definition } = entry;
  const hook =
    definition.type === 'command' ? { ...definition, type: 'command' } : { type: 'function', name: definition.name };
  // The hook's shell inherits this process's environment, so `$VARS` in its path resolve the same way.
  const script =
    definition.type === 'command' ? hookScriptOf(definition, { projectDir, home, variables: process.env }) : undefined;
  let scriptHash = 'missing';
  if (script) {
    try {
      scriptHash = sha256(readFileSync(script.path));
    } catch {
      // A script that cannot be read is fingerprinted as missing: creating it later needs a new approval.
    }
  }
  return {
    project: realPath(projectDir),
    event: entry.event,
    matcher: entry.matcher?.pattern ?? '',
    hook,
    script: script ? { path: script.path, sha256: scriptHash } : null,
  };
};

/** The hex SHA-256 fingerprint of `entry` in `projectDir`. */
export const hookFingerprint = (entry: ConfiguredHook, projectDir: string, home = homedir()): string =>
  sha256(canonicalJson({ version: 1, ...fingerprintSubject(entry, projectDir, home) }));
