/** `type: 'http'`: POSTs the hook's input to a URL; the body is read as a command's stdout. */
import * as t from 'io-ts';
import type { HttpHookConfig } from '../model/types.js';
import { redactUrl } from '../policy/httpPolicy.js';
import { httpView } from './httpView.js';
import { NonEmptyString, StringRecord } from './fieldCodecs.js';
import type { HookKind } from './kind.js';

export const HTTP: HookKind<HttpHookConfig> = {
  type: 'http',
  fields: {
    url: NonEmptyString,
    headers: StringRecord,
    allowedEnvVars: t.array(t.string, 'an array of environment variable names'),
  },
  shape: "{ type: 'http', url }",
  required: ['url'],
  check: undefined,
  key: (definition) => `http:${definition.url}`,
  // Names reach logs and results: never a URL's credentials or query (`?token=…`).
  label: (definition) => redactUrl(definition.url),
  program: undefined,
  subject: (definition) => Object.assign({}, definition, { type: definition.type }),
  approval: (definition) => ({ http: httpView(definition) }),
};
