/**
 * hookstream/observe: watching hooks — the decision records of `decisions$`, OpenTelemetry (the host passes its
 * api), recordings and their reader, and the tools that drive a facade from outside: the live dashboard,
 * replay (of hooks, or of session policies over a recording), profile and decision diffs; the decision ledger's verifier.
 */
export type { DecisionRecord } from '../observe/decisionRecord.js';
export type {
  TelemetryApi,
  TelemetryAttributeValue,
  TelemetryOptions,
  TelemetrySpan,
  TelemetryTracer,
} from '../observe/telemetryTypes.js';
export type { RecordOptions } from '../observe/recorder.js';
export {
  parseRecording,
  readRecording,
  RECORDING_VERSION,
  type RecordedEvent,
  type RecordedResult,
  type RecordedRun,
  type RecordingEntry,
} from '../observe/recording.js';
export { RecordingError } from '../observe/redact.js';
export { hookLabel } from '../observe/hookLabel.js';
export { serveDashboard, type Dashboard, type DashboardOptions } from '../tools/dashboardServer.js';
export { replayRecording, type ReplayedChange, type ReplayOptions, type ReplayReport } from '../tools/replay.js';
export {
  replayPolicies,
  type NamedPolicies,
  type PolicyReplayChange,
  type PolicyReplayReport,
  type VerdictChange,
} from '../tools/replayPolicies.js';
export { diffDecisions, type DecisionChange } from '../tools/decisionDiff.js';
export { profileRecording, type Profile, type ProfileRow } from '../tools/profile.js';
export type { LatencyStats } from '../tools/latency.js';
export type { LedgerOptions } from '../ledger/ledgerTrace.js';
export type { LoadedLedger } from '../config/ledgerSettings.js';
export { LedgerError, type Chained, type LedgerLine } from '../ledger/ledgerFormat.js';
export {
  verdictOf,
  verifyLedger,
  type LedgerBreak,
  type LedgerBreakKind,
  type LedgerReport,
  type LedgerVerdict,
  type TornLine,
  type VerifyOptions,
} from '../ledger/verifyLedger.js';
export { ledgerCoverage, type CoverageGap, type CoverageReport } from '../ledger/ledgerCoverage.js';
export { canonicalJson, CanonicalJsonError } from '../ledger/canonicalJson.js';
export type { GuardFailure, GuardStatus, LedgerGuard } from '../ledger/ledgerRecord.js';
