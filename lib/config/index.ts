/** Settings: schema, loading and merging of scopes, problem reporting. */
export { loadSettings, loadSettingsSync, standardSettingsFiles } from './loadSettings.js';
export type {
  DiscoveryOptions,
  FileScope,
  LoadSettingsOptions,
  LoadedSettings,
  SettingsFile,
  SettingsInput,
} from './loadSettings.js';
export { SettingsError, assertNoSettingsErrors, formatProblem } from '../diagnostics/problems.js';
export type { ConfigProblem } from '../diagnostics/problems.js';
export { JsonSyntaxError, parseJsonDocument } from '../diagnostics/jsonLocate.js';
export type { JsonDocument, JsonPosition } from '../diagnostics/jsonLocate.js';
export { MAX_TIMEOUT_MS } from '../core/limits.js';
export type { LoadedEntry } from './readSettings.js';
