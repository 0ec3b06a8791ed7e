/** What `prompt` and `agent` hooks share: a judgement by the host's model, known by its model and prompt. */
import * as t from 'io-ts';
import type { AgentHookConfig, PromptHookConfig } from '../model/types.js';
import { NonEmptyString } from './fieldCodecs.js';
import type { HookKind } from './kind.js';

export const judgeKind = <D extends PromptHookConfig | AgentHookConfig>(type: D['type']): HookKind<D> => ({
  type,
  fields: { prompt: NonEmptyString, model: t.string },
  shape: `{ type: '${type}', prompt }`,
  required: ['prompt'],
  check: undefined,
  key: (definition) => `${definition.type}:${definition.model ?? ''}\u0000${definition.prompt}`,
  label: (definition) => `${definition.type}: ${definition.prompt.split('\n', 1)[0]?.slice(0, 60) ?? ''}`,
  program: undefined,
  subject: (definition) => Object.assign({}, definition, { type: definition.type }),
  approval: () => ({}),
});
