/**
 * Least privilege for the hooks a repository or an extension brings: they can run with an
 * environment from which variables that look like secrets are dropped, or with an allowlist only. Hooks of the
 * user, the system and the host (runtime) always get the whole environment: they are the user's own.
 *
 * The policy filters the *inherited* environment only. hookstream's own variables (`HOOKSTREAM_PROJECT_DIR`, …)
 * and a hook's own `env` from its settings entry are added afterwards: they are written in the file, so trust
 * pins them, and they cannot name a host variable (values are never expanded).
 */
import { looksSecretValue } from '../core/secretText.js';
import type { HookSource } from '../model/types.js';

/**
 * - `inherit` (default): the host's whole environment.
 * - `no-secrets`: without the variables whose name {@link looksSecret} flags or whose value looks like a
 *   credential (a token prefix, a JWT, a PEM private key, a URL with a password, a long random token: see
 *   lib/core/secretText.ts), unless `allow` names them.
 * - `allowlist`: only {@link BASE_VARIABLES} and the variables `allow` names.
 */
export type EnvMode = 'inherit' | 'no-secrets' | 'allowlist';

export const ENV_MODES: readonly EnvMode[] = ['inherit', 'no-secrets', 'allowlist'];

export interface EnvPolicy {
  readonly mode: EnvMode;
  /** Names kept whatever the mode; a trailing `*` makes a prefix (`NPM_CONFIG_*`). Matched case-sensitively. */
  readonly allow?: readonly string[];
}

/** The sources whose hooks the policy restricts: what a cloned repository or an installed extension can add. */
export const RESTRICTED_SOURCES: ReadonlySet<HookSource> = new Set(['project', 'extension']);

/** What every program expects to find in `allowlist` mode (locale, terminal, paths, identity). */
export const BASE_VARIABLES: readonly string[] = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'LANG',
  'LANGUAGE',
  'LC_*',
  'TERM',
  'COLORTERM',
  'NO_COLOR',
  'TZ',
  'TMPDIR',
  'TMP',
  'TEMP',
];

// Substrings of a name (any case) that mark a secret: `GITHUB_TOKEN`, `OPENAI_API_KEY`, `DB_PASSWORD`, …
const SECRET_WORDS = ['TOKEN', 'SECRET', 'KEY', 'PASSWORD', 'PASSWD', 'CREDENTIAL', 'PRIVATE'];
// Cloud credential families: every AWS_* and AZURE_* variable (AWS_PROFILE, AZURE_CLIENT_ID, …), gcloud's
// CLOUDSDK_* and GOOGLE_APPLICATION_CREDENTIALS (caught by CREDENTIAL).
const SECRET_PREFIXES = ['AWS_', 'AZURE_', 'CLOUDSDK_'];
// Whole `_`-separated words: `NPM_CONFIG__AUTH`, `SSH_AUTH_SOCK` (the agent socket signs with your keys) —
// but not `GIT_AUTHOR_NAME`.
const SECRET_SEGMENTS = ['AUTH'];

/** Whether `name` looks like it holds a secret or a credential: such variables are dropped in `no-secrets` mode. */
export const looksSecret = (name: string): boolean => {
  const upper = name.toUpperCase();
  return (
    SECRET_WORDS.some((word) => upper.includes(word)) ||
    SECRET_PREFIXES.some((prefix) => upper.startsWith(prefix)) ||
    upper.split('_').some((segment) => SECRET_SEGMENTS.includes(segment))
  );
};

/** A predicate for names matching one of `patterns` (exact names, or prefixes written `PREFIX*`). */
const nameMatcher = (patterns: readonly string[]): ((name: string) => boolean) => {
  const exact = new Set(patterns.filter((pattern) => !pattern.endsWith('*')));
  const prefixes = patterns.filter((pattern) => pattern.endsWith('*')).map((pattern) => pattern.slice(0, -1));
  return (name) => exact.has(name) || prefixes.some((prefix) => name.startsWith(prefix));
};

/**
 * Which inherited variables a policy keeps, by name and value; `undefined` for `inherit` (keep all, copy
 * nothing). A name `allow` lists is kept whatever its value: the user said so.
 */
export const envFilter = (policy: EnvPolicy): ((name: string, value?: string) => boolean) | undefined => {
  if (policy.mode === 'inherit') return undefined;
  const allowed = nameMatcher(policy.allow ?? []);
  if (policy.mode === 'no-secrets')
    return (name, value) => allowed(name) || (!looksSecret(name) && (value === undefined || !looksSecretValue(value)));
  const base = nameMatcher(BASE_VARIABLES);
  return (name) => allowed(name) || base(name);
};

/** The inherited variables `policy` keeps (a new object), or `env` itself under `inherit`. */
export const restrictEnv = (
  env: Readonly<Record<string, string | undefined>>,
  policy: EnvPolicy,
): Readonly<Record<string, string | undefined>> => {
  const keep = envFilter(policy);
  if (keep === undefined) return env;
  const kept: Record<string, string | undefined> = {};
  for (const name of Object.keys(env)) if (keep(name, env[name])) kept[name] = env[name];
  return kept;
};

/** One key per distinct policy content: settings hand out a new policy object on every reload. */
const policyKey = (policy: EnvPolicy): string =>
  `${policy.mode}\u0000${[...(policy.allow ?? [])].sort().join('\u0000')}`;

export interface EnvVariants<T> {
  /** What a hook of `source` uses under the policy in force now. */
  of(source: HookSource): T;
}

/**
 * What an executor derives once from the inherited environment (its copy of the base variables, a spawn helper
 * started with it, …), per hook source: from the whole environment for runtime, user and system hooks, from what
 * the policy leaves for project and extension hooks (`derive` gets that policy too). `policyOf` is read on every call — a reload can change the
 * settings' policy — and each variant is made once per distinct policy, never per spawn.
 *
 * @example
 * const variants = envVariants(() => ({ mode: 'no-secrets' }), (env) => createHookEnvironment(env, dir, id));
 * variants.of('project'); // built from process.env without GITHUB_TOKEN, AWS_*, …
 * variants.of('user'); // built from the whole process.env
 */
export const envVariants = <T>(
  policyOf: (() => EnvPolicy | undefined) | undefined,
  derive: (env: Readonly<Record<string, string | undefined>>, policy?: EnvPolicy) => T,
  env: Readonly<Record<string, string | undefined>> = process.env,
): EnvVariants<T> => {
  const made = new Map<string, T>();
  // The last policy object's variant: the common case (the same policy run after run) costs one comparison.
  let last: { policy: EnvPolicy; value: T } | undefined;
  const restricted = (policy: EnvPolicy): T => {
    if (last?.policy === policy) return last.value;
    const key = policyKey(policy);
    let value = made.get(key);
    if (value === undefined) {
      value = derive(restrictEnv(env, policy), policy);
      made.set(key, value);
    }
    last = { policy, value };
    return value;
  };
  let whole: { value: T } | undefined;
  return {
    of: (source) => {
      const policy = policyOf?.();
      if (policy !== undefined && policy.mode !== 'inherit' && RESTRICTED_SOURCES.has(source))
        return restricted(policy);
      whole ??= { value: derive(env) };
      return whole.value;
    },
  };
};

/** The stricter of two modes: `allowlist` > `no-secrets` > `inherit`. */
export const stricterMode = (a: EnvMode, b: EnvMode): EnvMode => (ENV_MODES.indexOf(a) >= ENV_MODES.indexOf(b) ? a : b);
