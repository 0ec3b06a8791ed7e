/** Trust: approvals of project and extension hooks, pinned to fingerprints (DESIGN §3 "Trust"). */
export { hookFingerprint, fingerprintSubject, type ConfiguredHook, type FingerprintSubject } from './fingerprint.js';
export { createTrustStore, defaultTrustStorePath, type Approval, type TrustStore } from './trustStore.js';
export {
  createTrustGate,
  needsApproval,
  type ApprovalRequest,
  type TrustGate,
  type TrustOptions,
} from './trustGate.js';
