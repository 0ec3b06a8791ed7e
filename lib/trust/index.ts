/** Trust: approvals of project and extension hooks, pinned to fingerprints. */
export {
  createFingerprinter,
  hookFingerprint,
  fingerprintSubject,
  type ConfiguredHook,
  type Fingerprinter,
  type FingerprintSubject,
  type PinnedFile,
} from './fingerprint.js';
export {
  createTrustStore,
  defaultTrustStorePath,
  type Approval,
  type RevokeFilter,
  type StoredApproval,
  type TrustStore,
} from './trustStore.js';
export { TrustStoreError } from './trustErrors.js';
export type { FileMemo } from './fileMemo.js';
export type { FileRole } from './commandFiles.js';
export type { FileProbe, Lookup } from '../inspect/programs.js';
export {
  createTrustGate,
  needsApproval,
  type ApprovalRequest,
  type HookTrust,
  type TrustGate,
  type TrustOptions,
  type TrustState,
} from './trustGate.js';
