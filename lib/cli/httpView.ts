/**
 * What an http hook sends, as `trust` and `list` show it before anyone approves it: the URL as written, the
 * method, each header with its value as written (`Authorization: Bearer $GITHUB_TOKEN`, never expanded), and
 * the variables it sends — those its headers reference that its `allowedEnvVars` lists (the others go out
 * empty) — so that a hook carrying a token to a server is visible as such, not only by its name.
 */
import type { HttpHookConfig } from '../model/types.js';
import { referencedVariables } from '../policy/httpPolicy.js';
import { visible } from './visible.js';

/** An http hook as shown (also the `--json` shape in `trust` and `list`). */
export interface HttpView {
  url: string;
  /** Always POST: the hook's input is the body. */
  method: 'POST';
  /** As written: values keep their `$VAR` references. */
  headers: Record<string, string>;
  /** Variables whose values leave the machine: referenced by a header and listed in `allowedEnvVars`. */
  sends: string[];
  /** Referenced by a header but not in `allowedEnvVars`: sent empty. */
  sentEmpty: string[];
  /** `allowedEnvVars` as written. */
  allowedEnvVars: string[];
}

export const httpView = (definition: HttpHookConfig): HttpView => {
  const headers = Object.assign({}, definition.headers);
  const allowed = definition.allowedEnvVars ?? [];
  const referenced = [...new Set(Object.values(headers).flatMap(referencedVariables))];
  return {
    url: definition.url,
    method: 'POST',
    headers,
    sends: referenced.filter((name) => allowed.includes(name)),
    sentEmpty: referenced.filter((name) => !allowed.includes(name)),
    allowedEnvVars: [...allowed],
  };
};

/** `label` padded like the trust view's fields, then the first value; later values aligned under it. */
const rows = (label: string, values: readonly string[]): string[] =>
  values.map((value, index) => `    ${(index === 0 ? label : '').padEnd(11)} ${value}`);

/** The view's lines, every value escaped (control and bidi characters shown as `\x1b`, `\u202e`). */
export const describeHttp = (view: HttpView): string[] => {
  const headers = Object.entries(view.headers).map(([name, value]) => visible(`${name}: ${value}`));
  const names = (list: readonly string[]) => list.map((name) => `$${visible(name)}`).join(', ');
  return [
    ...rows('url', [visible(view.url)]),
    ...rows('method', [view.method]),
    ...rows('headers', headers.length === 0 ? ['(none)'] : headers),
    ...rows('sends env', [view.sends.length === 0 ? '(no variable)' : names(view.sends)]),
    ...(view.sentEmpty.length === 0 ? [] : rows('sent empty', [`${names(view.sentEmpty)} (not in allowedEnvVars)`])),
  ];
};

/** One line for `list`: `POST <url>; headers …; sends $A, $B`. */
export const httpSummary = (view: HttpView): string => {
  const headers = Object.entries(view.headers).map(([name, value]) => `${name}: ${value}`);
  const parts = [`${view.method} ${view.url}`];
  if (headers.length > 0) parts.push(`headers ${headers.join(', ')}`);
  parts.push(
    view.sends.length === 0 ? 'sends no variable' : `sends ${view.sends.map((name) => `$${name}`).join(', ')}`,
  );
  return visible(parts.join('; '));
};
