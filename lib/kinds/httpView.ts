/** What an http hook sends, as a reviewer sees it: the approval view of lib/kinds/http.ts. */
import type { HttpHookConfig } from '../model/types.js';
import { referencedVariables } from '../policy/httpPolicy.js';

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

/**
 * What an http hook sends, before anyone approves it: the URL and each header as written (never expanded),
 * and the variables it sends, so a hook carrying a token to a server is visible as such, not only by its name.
 */
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
