/**
 * What an http hook sends, as `trust` and `list` show it before anyone approves it: the URL as written, the
 * method, each header with its value as written (`Authorization: Bearer $GITHUB_TOKEN`, never expanded), and
 * the variables it sends — those its headers reference that its `allowedEnvVars` lists (the others go out
 * empty) — so that a hook carrying a token to a server is visible as such, not only by its name.
 */
import type { HttpView } from '../kinds/httpView.js';
import { visible } from './visible.js';

export { httpView, type HttpView } from '../kinds/httpView.js';

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
