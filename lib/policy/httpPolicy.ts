/**
 * What an HTTP hook may reach and send. Pure rules, checked before any socket is opened:
 * - the URL must parse, use http or https, and carry no credentials (settings files are committed and URLs
 *   are logged: secrets belong in a header that references an allowed variable);
 * - a hook that can decide (block, deny, stop) needs https; plain http only to a loopback address, and only
 *   when the host or the user's settings say `allowLoopbackHttp`;
 * - every allowlist given (the host's `http.allowedUrls`, the user's and the administrator's settings) must
 *   match the URL, part by part (lib/policy/urlPattern.ts): each one restricts, none widens another;
 * - `$VAR` / `${VAR}` in header values expand only for names every env-var allowlist lets through; any other
 *   reference becomes empty and is reported.
 */

import { urlPatternMatches } from './urlPattern.js';

export { globMatches } from './urlPattern.js';

/** The HTTP allowlists of one settings file or of the host (`createHookSystem({ http })`); absent: no restriction. */
export interface HttpSettings {
  /**
   * URL patterns matched by scheme, host, port, then path (lib/policy/urlPattern.ts): in the host `*` stands
   * for labels (`https://*.example.com/*`), in the path for any characters (`https://hooks.example.com/*`).
   * `[]` allows none.
   */
  readonly allowedUrls?: readonly string[];
  /** Variables header values may reference, on top of each hook's own `allowedEnvVars`. */
  readonly allowedEnvVars?: readonly string[];
  /** Plain `http://` to 127.0.0.1, ::1 or localhost for hooks that can block. Default false. */
  readonly allowLoopbackHttp?: boolean;
}

/** Every restriction in force for one run: the host's and the settings' lists, each applying on its own. */
export interface HttpHookPolicy {
  readonly urlLists: readonly (readonly string[])[];
  readonly envVarLists: readonly (readonly string[])[];
  readonly allowLoopbackHttp: boolean;
}

/** The policy of the host's options and the settings' merged lists; either may be absent. */
export const combineHttpPolicy = (
  host: HttpSettings | undefined,
  settings: HttpSettings | undefined,
): HttpHookPolicy => {
  const urlLists: (readonly string[])[] = [];
  const envVarLists: (readonly string[])[] = [];
  for (const given of [host, settings]) {
    if (given?.allowedUrls !== undefined) urlLists.push(given.allowedUrls);
    if (given?.allowedEnvVars !== undefined) envVarLists.push(given.allowedEnvVars);
  }
  return {
    urlLists,
    envVarLists,
    allowLoopbackHttp: host?.allowLoopbackHttp === true || settings?.allowLoopbackHttp === true,
  };
};

/** The settings of several files as one: lists are joined (an absent list stays absent), loopback is any file's yes. */
export const mergeHttpSettings = (all: readonly HttpSettings[]): HttpSettings | undefined => {
  if (all.length === 0) return undefined;
  const join = (pick: (one: HttpSettings) => readonly string[] | undefined): string[] | undefined => {
    const lists = all.map(pick).filter((list): list is readonly string[] => list !== undefined);
    return lists.length === 0 ? undefined : [...new Set(lists.flat())];
  };
  const merged: { -readonly [K in keyof HttpSettings]: HttpSettings[K] } = {};
  const allowedUrls = join((one) => one.allowedUrls);
  const allowedEnvVars = join((one) => one.allowedEnvVars);
  if (allowedUrls !== undefined) merged.allowedUrls = allowedUrls;
  if (allowedEnvVars !== undefined) merged.allowedEnvVars = allowedEnvVars;
  if (all.some((one) => one.allowLoopbackHttp === true)) merged.allowLoopbackHttp = true;
  return merged;
};

/** The URL as messages show it: scheme, host, port and path; never credentials, a query (`?…`) or a fragment. */
export const displayUrl = (url: URL): string => `${url.origin}${url.pathname}${url.search === '' ? '' : '?…'}`;

/**
 * A URL as written, with anything secret cut off (credentials, query, fragment), even when it does not parse:
 * an HTTP hook's display name, since names reach logs, results and dashboards.
 */
export const redactUrl = (url: string): string => {
  const cut = url
    .trim()
    .replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@]*@/i, '$1')
    .replace(/[?#].*$/s, '');
  return cut.length > 200 ? `${cut.slice(0, 200)}…` : cut;
};

const safeText = (url: string): string => JSON.stringify(redactUrl(url));

/** Loopback by its literal name: resolution of `localhost` is checked again at connect time (httpRequest.ts). */
export const isLoopbackHost = (hostname: string): boolean =>
  hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);

/** Whether a URL passes one allowlist: some pattern admits it, matched by scheme, host, port, then path. */
const urlAllowed = (list: readonly string[], url: URL): boolean =>
  list.some((pattern) => urlPatternMatches(pattern, url));

export type TargetCheck = { readonly url: URL; readonly refused?: undefined } | { readonly refused: string };

/**
 * Checks the URL of a hook against the policy; `canDecide`: the hook's answer can block its event.
 *
 * @example
 * checkHttpTarget('http://10.0.0.5/hook', true, policy).refused
 * // 'http:// is allowed only to a loopback address (127.0.0.1, ::1, localhost) … use https:// for "http://10.0.0.5/hook"'
 */
export const checkHttpTarget = (text: string, canDecide: boolean, policy: HttpHookPolicy): TargetCheck => {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { refused: `its URL ${safeText(text)} is not a valid absolute URL` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return {
      refused: `its URL ${safeText(text)} uses ${url.protocol}; only https:// (or http:// to loopback) is allowed`,
    };
  }
  if (url.username !== '' || url.password !== '') {
    return {
      refused: `its URL ${JSON.stringify(displayUrl(url))} holds credentials; put them in a header that references an allowed environment variable`,
    };
  }
  const shown = JSON.stringify(displayUrl(url));
  if (url.protocol === 'http:' && canDecide) {
    if (!isLoopbackHost(url.hostname)) {
      return {
        refused: `${shown} uses plain http:// for an event it can block; use https:// (http:// is allowed only to 127.0.0.1, ::1 or localhost, with allowLoopbackHttp)`,
      };
    }
    if (!policy.allowLoopbackHttp) {
      return {
        refused: `${shown} uses plain http:// for an event it can block; allow it with { http: { allowLoopbackHttp: true } } or "hooksConfig": { "http": { "allowLoopbackHttp": true } } in user settings, or use https://`,
      };
    }
  }
  const list = policy.urlLists.findIndex((one) => !urlAllowed(one, url));
  if (list >= 0) {
    const patterns = policy.urlLists[list] ?? [];
    return {
      refused: `${shown} is not in the allowed HTTP hook URLs (${patterns.length === 0 ? 'an empty list: none is allowed' : patterns.map((pattern) => JSON.stringify(pattern)).join(', ')})`,
    };
  }
  return { url };
};

// `$NAME` or `${NAME}`: the shell's spelling of a variable, and what Claude Code's http hooks accept.
const REFERENCE = /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g;

/** The variable names `text` references (`$NAME`, `${NAME}`), in order, each once: what a header can send. */
export const referencedVariables = (text: string): string[] => [
  ...new Set(Array.from(text.matchAll(REFERENCE), (match) => match[1] ?? match[2] ?? '')),
];

export interface ExpandedHeaders {
  readonly headers: Record<string, string>;
  /** One line per reference that was sent empty, naming the header and the variable. */
  readonly problems: string[];
}

/**
 * Header values with their variable references expanded. A name counts only when the hook's own
 * `allowedEnvVars` lists it and so does every list of `policy`; `env` is what the hook's source may see.
 */
export const expandHeaders = (
  headers: Readonly<Record<string, string>> | undefined,
  hookAllowed: readonly string[] | undefined,
  policy: HttpHookPolicy,
  env: Readonly<Record<string, string | undefined>>,
): ExpandedHeaders => {
  const out: Record<string, string> = {};
  const problems: string[] = [];
  if (headers === undefined) return { headers: out, problems };
  const allowed = (name: string): string | undefined => {
    if (hookAllowed?.includes(name) !== true) return "the hook's allowedEnvVars does not list it";
    if (policy.envVarLists.some((list) => !list.includes(name)))
      return 'the allowed HTTP hook variables do not list it';
    return undefined;
  };
  for (const [header, value] of Object.entries(headers)) {
    out[header] = value.replace(REFERENCE, (_text, braced: string | undefined, bare: string | undefined) => {
      const name = braced ?? bare ?? '';
      const refusal = allowed(name);
      const found = refusal === undefined ? env[name] : undefined;
      if (refusal !== undefined) problems.push(`header "${header}" references $${name}, but ${refusal}; sent empty`);
      else if (found === undefined)
        problems.push(`header "${header}" references $${name}, which is not set for this hook; sent empty`);
      return found ?? '';
    });
  }
  return { headers: out, problems };
};
