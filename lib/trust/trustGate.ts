/**
 * Who may run: runtime, system and user hooks are trusted; command hooks that came
 * from project or extension settings *files* run only once approved. The approval is pinned to the
 * hook's fingerprint; it is checked when the run starts (`check`, which may ask the host's callback),
 * before dedup when copies of one command compete (`isTrusted`), and again right before the process
 * starts, after any wait for a process slot (`verify`). Fingerprints and the store are memoised, so a
 * re-check costs a few `stat` calls.
 */
import { homedir } from 'node:os';
import type { HookEntry } from '../model/types.js';
import { isConfigured } from '../kinds/table.js';
import type { ConfiguredHook, FingerprintSubject } from './fingerprint.js';
import { createFingerprinter } from './fingerprint.js';
import { createTrustStore, sameHook, type Approval, type TrustStore } from './trustStore.js';

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

/** Where a hook stands: approved, never approved, approved before but changed since, or trusted as it is. */
export type TrustState = 'approved' | 'needs-approval' | 'changed' | 'not-needed';

/** A hook's trust state, with what an approval pins (for hooks that need one). */
export interface HookTrust {
  state: TrustState;
  fingerprint?: string;
  subject?: FingerprintSubject;
}

/** Whether `entry` needs an approval before it may run. */
// Every configured type: a project's http hook can send tool inputs anywhere, its mcp_tool hook call any tool.
export const needsApproval = (entry: ConfiguredHook): boolean =>
  isConfigured(entry.definition) &&
  (entry.origin.source === 'project' || entry.origin.source === 'extension') &&
  entry.origin.file !== undefined;

export interface TrustGate {
  readonly store: TrustStore;
  needsApproval(entry: ConfiguredHook): boolean;
  /** Whether `entry` may run now (approving it through the callback when there is one). */
  check(entry: ConfiguredHook): Promise<boolean>;
  /** Whether `entry` may run now, without asking anyone: it needs no approval, or it is approved as it is. */
  isTrusted(entry: ConfiguredHook): boolean;
  /** The re-check right before the process starts: undefined when it may run, else why not (one line). */
  verify(entry: ConfiguredHook): string | undefined;
  /** The trust state of `entry` and what an approval of it pins. */
  inspect(entry: ConfiguredHook): HookTrust;
  /** Records approvals for `entries` (those that need one) as they are now; returns their fingerprints. */
  approveAll(entries: readonly ConfiguredHook[]): string[];
}

export const createTrustGate = (projectDir: string, options: TrustOptions = {}, home = homedir()): TrustGate => {
  const store = typeof options.store === 'object' ? options.store : createTrustStore(options.store);
  const fingerprints = createFingerprinter(projectDir, home);
  // Approved through the callback while the store is refused: good for this process only.
  const session = new Set<string>();
  const approved = (fingerprint: string): boolean => session.has(fingerprint) || store.isApproved(fingerprint);

  const approvalOf = (entry: ConfiguredHook, fingerprint: string, subject: FingerprintSubject): Approval => {
    const approval: Approval = { fingerprint, hook: entry.name, event: entry.event, project: subject.project };
    if (entry.origin.file !== undefined) approval.file = entry.origin.file;
    if (entry.origin.pointer !== undefined) approval.pointer = entry.origin.pointer;
    approval.files = subject.files.filter((file) => /^[0-9a-f]{64}$/.test(file.sha256)).map((file) => file.path);
    return approval;
  };
  const record = (approvals: Approval[]): void => {
    if (approvals.length === 0) return;
    if (store.problem() === undefined) store.approve(approvals);
    else for (const approval of approvals) session.add(approval.fingerprint);
  };

  const gate: TrustGate = {
    store,
    needsApproval,
    isTrusted: (entry) => !needsApproval(entry) || approved(fingerprints.fingerprint(entry)),
    verify: (entry) => {
      if (gate.isTrusted(entry)) return undefined;
      const problem = store.problem();
      return (
        `Hook "${entry.name}" is no longer approved: its command or a file it runs changed after it was checked` +
        `${problem === undefined ? '' : ` (${problem})`}; it was not started`
      );
    },
    check: async (entry) => {
      if (!needsApproval(entry)) return true;
      const subject = fingerprints.subject(entry);
      const fingerprint = fingerprints.fingerprintOf(entry, subject);
      if (approved(fingerprint)) return true;
      if (!options.approve) return false;
      const request: ApprovalRequest = {
        hook: entry.name,
        event: entry.event,
        source: entry.origin.source,
        fingerprint,
        subject,
      };
      if (entry.origin.file !== undefined) request.file = entry.origin.file;
      const yes = await options.approve(request);
      if (yes) record([approvalOf(entry, fingerprint, subject)]);
      return yes;
    },
    inspect: (entry) => {
      if (!needsApproval(entry)) return { state: 'not-needed' };
      const subject = fingerprints.subject(entry);
      const fingerprint = fingerprints.fingerprintOf(entry, subject);
      if (approved(fingerprint)) return { state: 'approved', fingerprint, subject };
      const identity = approvalOf(entry, fingerprint, subject);
      const before = store.list().some((approval) => sameHook(approval, identity));
      return { state: before ? 'changed' : 'needs-approval', fingerprint, subject };
    },
    approveAll: (entries) => {
      const approvals = entries.filter(needsApproval).map((entry) => {
        const subject = fingerprints.subject(entry);
        return approvalOf(entry, fingerprints.fingerprintOf(entry, subject), subject);
      });
      record(approvals);
      return approvals.map((approval) => approval.fingerprint);
    },
  };
  return gate;
};
