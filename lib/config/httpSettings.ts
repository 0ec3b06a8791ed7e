/**
 * The HTTP hooks' allowlists in settings files: hookstream's `hooksConfig.http` and Claude
 * Code's top-level `allowedHttpHookUrls` / `httpHookAllowedEnvVars`. Honoured in user and system (managed)
 * settings, and in settings the host passes as an object; a project or extension file is what a cloned
 * repository controls, so its lists are reported and ignored — it cannot widen where hooks may send data,
 * nor which of the user's variables reach a header. Scopes are joined in mergeScopes.ts.
 */
import type { HookSource } from '../model/types.js';
import type { HttpSettings } from '../policy/httpPolicy.js';
import { RESTRICTED_SOURCES } from '../policy/envPolicy.js';
import type { DialectId } from '../dialects/types.js';
import { joinPointer } from '../diagnostics/jsonLocate.js';
import type { ProblemSink } from '../diagnostics/problemSink.js';
import { decodeFields, HTTP_SETTINGS_FIELDS, StringArray } from '../dialects/hookstreamFields.js';
import { describeReceived } from '../diagnostics/problems.js';

interface Origin {
  readonly source: HookSource;
  /** Absent for an object the host passed: trusted like its hooks. */
  readonly file?: string | undefined;
}

/** The top-level keys of another agent's settings that hold its HTTP allowlists. */
const DIALECT_KEYS: Partial<Record<DialectId, { readonly urls: string; readonly envVars: string }>> = {
  claude: { urls: 'allowedHttpHookUrls', envVars: 'httpHookAllowedEnvVars' },
};

const honoured = (origin: Origin): boolean => origin.file === undefined || !RESTRICTED_SOURCES.has(origin.source);

const ignoredHere = (sink: ProblemSink, pointer: string, origin: Origin, where: string): void => {
  sink.warning(pointer, `honoured in user and system settings only; ignored in ${origin.source} settings`, {
    expected: `this key in ${where}, or the http option of createHookSystem`,
    atKey: true,
  });
};

/** Reads `hooksConfig.http` of a hookstream settings file; `undefined` when it is not honoured there. */
export function readHttpSettings(
  record: Record<string, unknown>,
  origin: Origin,
  sink: ProblemSink,
): HttpSettings | undefined {
  const pointer = '/hooksConfig/http';
  // A list that cannot be read allows nothing: ignoring it would lift the restriction its author meant.
  const { fields } = decodeFields(HTTP_SETTINGS_FIELDS, record, pointer, sink, {
    consequence: 'treated as allowing nothing',
  });
  if (!honoured(origin)) {
    if (Object.keys(record).length > 0) ignoredHere(sink, pointer, origin, '~/.hookstream/settings.json');
    return undefined;
  }
  const settings: { -readonly [K in keyof HttpSettings]: HttpSettings[K] } = {};
  if (record['allowedUrls'] !== undefined) settings.allowedUrls = fields.allowedUrls ?? [];
  if (record['allowedEnvVars'] !== undefined) settings.allowedEnvVars = fields.allowedEnvVars ?? [];
  if (fields.allowLoopbackHttp !== undefined) settings.allowLoopbackHttp = fields.allowLoopbackHttp;
  return settings;
}

/** Reads another agent's allowlists from its top-level keys; `undefined` when it has none or they are not honoured. */
export function readDialectHttpSettings(
  value: Record<string, unknown>,
  context: {
    readonly dialect: { readonly id: DialectId; readonly label: string };
    readonly source: HookSource;
    readonly file?: string | undefined;
  },
  sink: ProblemSink,
): HttpSettings | undefined {
  const keys = DIALECT_KEYS[context.dialect.id];
  if (keys === undefined) return undefined;
  // A list that cannot be read allows nothing: ignoring it would lift the restriction its author meant.
  const read = (key: string): string[] | undefined => {
    const list = value[key];
    if (list === undefined) return undefined;
    if (StringArray.is(list)) return list;
    sink.error(joinPointer('', key), `invalid value for ${JSON.stringify(key)}; treated as allowing nothing`, {
      expected: StringArray.name,
      received: describeReceived(list),
    });
    return [];
  };
  const urls = read(keys.urls);
  const envVars = read(keys.envVars);
  if (urls === undefined && envVars === undefined) return undefined;
  if (!honoured(context)) {
    for (const [key, list] of [
      [keys.urls, urls],
      [keys.envVars, envVars],
    ] as const) {
      if (list !== undefined)
        ignoredHere(sink, joinPointer('', key), context, `your user or managed ${context.dialect.label} settings`);
    }
    return undefined;
  }
  const settings: { -readonly [K in keyof HttpSettings]: HttpSettings[K] } = {};
  if (urls !== undefined) settings.allowedUrls = urls;
  if (envVars !== undefined) settings.allowedEnvVars = envVars;
  return settings;
}
