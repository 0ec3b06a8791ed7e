/**
 * The codecs hook fields are decoded with, below every reader: each kind's field table (lib/kinds) is built
 * from them, and lib/dialects/hookstreamFields.ts builds the other levels of a settings file from them.
 * Codec names read as the "expected …" part of a problem message.
 */
import * as t from 'io-ts';
import { MAX_TIMEOUT_MS, MAX_WORKERS } from '../core/limits.js';

/** What `hookstream schema` knows of a refined codec: its base, and the JSON Schema of `accept` when it narrows. */
export const REFINEMENTS = new WeakMap<t.Mixed, { base: t.Mixed; schema?: Readonly<Record<string, unknown>> }>();

/** A codec of `base` values that also pass `accept`, under a readable name; `schema` says `accept` in JSON Schema. */
export const refine = <A>(
  base: t.Type<A>,
  accept: (value: A) => boolean,
  name: string,
  schema?: Readonly<Record<string, unknown>>,
): t.Type<A> => {
  const codec = new t.Type<A>(
    name,
    (input): input is A => base.is(input) && accept(input),
    (input, context) => (base.is(input) && accept(input) ? t.success(input) : t.failure(input, context)),
    t.identity,
  );
  REFINEMENTS.set(codec, schema === undefined ? { base } : { base, schema });
  return codec;
};

export const JsonObject = refine(t.UnknownRecord, () => true, 'an object');
export const Flag = refine(t.boolean, () => true, 'true or false');
export const NonEmptyString = refine(t.string, (text) => text.trim() !== '', 'a non-empty string', {
  type: 'string',
  pattern: '\\S',
});
export const StringArray = t.array(t.string, 'an array of strings');
export const TimeoutMs = refine(
  t.number,
  (ms) => Number.isInteger(ms) && ms >= 1 && ms <= MAX_TIMEOUT_MS,
  `a positive integer number of milliseconds (1…${MAX_TIMEOUT_MS})`,
  { type: 'integer', minimum: 1, maximum: MAX_TIMEOUT_MS },
);

export const WorkerCount = refine(
  t.number,
  (count) => Number.isInteger(count) && count >= 1 && count <= MAX_WORKERS,
  `a positive integer number of workers (1…${MAX_WORKERS})`,
  { type: 'integer', minimum: 1, maximum: MAX_WORKERS },
);

export const StringRecord = t.record(t.string, t.string, 'an object of string values');

export type FieldCodecs = Readonly<Record<string, t.Mixed>>;

/** Fields every configured kind shares besides `type` (lib/model/types.ts `ConfiguredHookCommon`). */
export const SHARED_HOOK_FIELDS = {
  timeout: TimeoutMs,
  name: t.string,
  description: t.string,
  failurePolicy: t.keyof({ allow: null, block: null }, '"allow" or "block"'),
  /** The hook must run: not approved, not started, timed out or crashed blocks (lib/executors/failurePolicy.ts). */
  required: Flag,
  /** Shown while the hook runs: on its `results$` start record and the dashboard. */
  statusMessage: t.string,
  /** Run in the background: the event does not wait (lib/engine/background.ts). */
  async: Flag,
  /** Background hooks: an exit 2 or a block wakes the host with its reason. */
  asyncRewake: Flag,
};
