/**
 * What hookstream knows of one kind of hook (`type` of its definition), below every floor that asks: each
 * kind is one file of lib/kinds and one row of lib/kinds/table.ts. How it runs is the executors' table
 * (lib/executors/kindExecutors.ts), keyed by the same names.
 */
import type { CommandHookConfig, HookDefinition } from '../model/types.js';
import type { HttpView } from './httpView.js';

/** What a reviewer sees of a hook besides its command line before approving it. */
export interface KindApproval {
  /** An http hook: where it posts, its headers as written and the variables they send. */
  readonly http?: HttpView;
}

/**
 * A kind's field codecs (lib/kinds/fieldCodecs.ts), typed only by their names here: public declarations
 * reach this module through `createEntry`, and io-ts stays out of them.
 */
export type KindFields = Readonly<Record<string, { readonly name: string }>>;

export interface HookKind<D extends HookDefinition> {
  readonly type: D['type'];
  /** Its own settings fields, after the shared ones; `undefined` when settings cannot hold it (code-only kinds). */
  readonly fields: KindFields | undefined;
  /** How a caller writes one, for the message that refuses a shapeless hook: `{ type: 'http', url }`. */
  readonly shape: string;
  /** Text fields it cannot do without: settings drop the hook, `createEntry` throws. */
  readonly required: readonly string[];
  /** Throws what else a JavaScript caller can get wrong, after `required` is checked. */
  readonly check: ((definition: D, event: string) => void) | undefined;
  /** Dedup key: what makes two hooks the same hook (the same command, endpoint or judge runs once). */
  readonly key: (definition: D) => string;
  /** Display name of a hook without a `name`; never a secret (it reaches logs and results). */
  readonly label: (definition: D) => string;
  /** The local program it runs, when it runs one: trust pins its files, `list` and `trust` show its line. */
  readonly program: ((definition: D) => CommandHookConfig) | undefined;
  /** What of the definition a trust fingerprint hashes. */
  readonly subject: (definition: D) => unknown;
  readonly approval: (definition: D) => KindApproval;
}
