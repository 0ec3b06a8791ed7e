/**
 * Who may run (DESIGN §3 "Trust"): runtime, system and user hooks are trusted; command hooks that came
 * from project or extension settings *files* run only once approved. The approval is pinned to the
 * hook's fingerprint and re-checked right before each spawn; a host may supply an approval callback.
 */
import { homedir } from 'node:os';
import type { HookEntry } from '../core/types.js';
import type { ConfiguredHook } from './fingerprint.js';
import { fingerprintSubject, hookFingerprint, type FingerprintSubject } from './fingerprint.js';
import { createTrustStore, type TrustStore } from './trustStore.js';

/** What a host's approval callback is shown. */
export interface ApprovalRequest {
  hook: string;
  event: string;
  source: HookEntry['origin']['source'];
  file?: string;
  fingerprint: string;
  subject: FingerprintSubject;
}

export interface TrustOptions {
  /** The store, or its path; default `~/.hookstream/trusted-hooks.json`. */
  store?: TrustStore | string;
  /** Asked once per unapproved hook; `true` approves and records it. Default: nothing is approved. */
  approve?: (request: ApprovalRequest) => boolean | Promise<boolean>;
}

/** Whether `entry` needs an approval before it may run. */
export const needsApproval = (entry: ConfiguredHook): boolean =>
  entry.definition.type === 'command' &&
  (entry.origin.source === 'project' || entry.origin.source === 'extension') &&
  entry.origin.file !== undefined;

export interface TrustGate {
  readonly store: TrustStore;
  /** Whether `entry` may run now (approving it through the callback when there is one). */
  check(entry: ConfiguredHook): Promise<boolean>;
  /** Records approvals for `entries` (those that need one); returns their fingerprints. */
  approveAll(entries: readonly ConfiguredHook[]): string[];
}

export const createTrustGate = (projectDir: string, options: TrustOptions = {}, home = homedir()): TrustGate => {
  const store = typeof options.store === 'object' ? options.store : createTrustStore(options.store);
  const approvalOf = (entry: ConfiguredHook, fingerprint: string) => ({
    fingerprint,
    hook: entry.name,
    event: entry.event,
    project: fingerprintSubject(entry, projectDir, home).project,
    ...(entry.origin.file !== undefined ? { file: entry.origin.file } : {}),
  });
  return {
    store,
    check: async (entry) => {
      if (!needsApproval(entry)) return true;
      const fingerprint = hookFingerprint(entry, projectDir, home);
      if (store.isApproved(fingerprint)) return true;
      if (!options.approve) return false;
      const subject = fingerprintSubject(entry, projectDir, home);
      const approved = await options.approve({
        hook: entry.name,
        event: entry.event,
        source: entry.origin.source,
        ...(entry.origin.file !== undefined ? { file: entry.origin.file } : {}),
        fingerprint,
        subject,
      });
      if (approved) store.approve([approvalOf(entry, fingerprint)]);
      return approved;
    },
    approveAll: (entries) => {
      const approvals = entries
        .filter(needsApproval)
        .map((entry) => approvalOf(entry, hookFingerprint(entry, projectDir, home)));
      if (approvals.length > 0) store.approve(approvals);
      return approvals.map((approval) => approval.fingerprint);
    },
  };
};
