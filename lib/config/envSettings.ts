/**
 * `hooksConfig.env`: which inherited variables project and extension hooks get. Read per
 * settings source, then merged so that no scope can loosen another: the strictest `mode` of any scope wins, and
 * only user and system settings (the machine's owner) can `allow` variables — a repository cannot hand its own
 * hooks the user's secrets.
 */
import type { HookSource } from '../model/types.js';
import { RESTRICTED_SOURCES, stricterMode, type EnvMode, type EnvPolicy } from '../policy/envPolicy.js';
import type { ProblemSink } from '../diagnostics/problemSink.js';
import { decodeFields, ENV_POLICY_FIELDS } from '../dialects/hookstreamFields.js';

/** What one source's `hooksConfig.env` says (fields it does not set, or sets wrongly, stay undefined). */
export interface SourceEnvPolicy {
  readonly source: HookSource;
  readonly mode?: EnvMode;
  readonly allow?: readonly string[];
}

const POINTER = '/hooksConfig/env';

/** Reads `hooksConfig.env` of one source; an `allow` list in project or extension settings is reported and ignored. */
export function readEnvPolicy(record: Record<string, unknown>, source: HookSource, sink: ProblemSink): SourceEnvPolicy {
  const { fields } = decodeFields(ENV_POLICY_FIELDS, record, POINTER, sink);
  const policy: { source: HookSource; mode?: EnvMode; allow?: readonly string[] } = { source };
  if (fields.mode !== undefined) policy.mode = fields.mode;
  if (fields.allow === undefined) return policy;
  if (RESTRICTED_SOURCES.has(source)) {
    sink.warning(`${POINTER}/allow`, `honoured in user and system settings only; ignored in ${source} settings`, {
      expected: 'this list in ~/.hookstream/settings.json, or the envPolicy option of createHookSystem',
      atKey: true,
    });
  } else policy.allow = fields.allow;
  return policy;
}

/** The policy of all scopes together; undefined when no scope sets `hooksConfig.env` (the whole environment). */
export function mergeEnvPolicies(policies: readonly SourceEnvPolicy[]): EnvPolicy | undefined {
  if (policies.length === 0) return undefined;
  let mode: EnvMode = 'inherit';
  const allow = new Set<string>();
  for (const policy of policies) {
    if (policy.mode !== undefined) mode = stricterMode(mode, policy.mode);
    for (const name of policy.allow ?? []) allow.add(name);
  }
  return { mode, allow: [...allow] };
}
