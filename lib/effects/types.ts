/**
 * What a tool call does, as records a guard can match: the files it reads, writes or deletes, the programs it
 * runs, the hosts it reaches, the package managers and version-control actions it uses, the permissions or
 * environment it changes — and `unknown` for whatever could not be read, so a guard never mistakes "could not
 * tell" for "does nothing".
 */

/** The classes of effect, in the order records are listed. */
export const EFFECT_CLASSES = [
  'reads',
  'writes',
  'deletes',
  'executes',
  'egress',
  'installs',
  'vcs',
  'changes',
  'unknown',
] as const;

export type EffectClass = (typeof EFFECT_CLASSES)[number];

/** Classes whose target is a file path. */
export const PATH_CLASSES: ReadonlySet<EffectClass> = new Set(['reads', 'writes', 'deletes']);

/**
 * One effect. `target` is the path (reads, writes, deletes), the program (executes), the host (egress), the
 * package manager (installs), the action (`push`, `commit` … for vcs), `permission` or `env` (changes), or the
 * reason (unknown). An absent target on a path or host effect means only a running shell could tell which:
 * a matcher then treats it as matching every pattern.
 */
export interface Effect {
  readonly effect: EffectClass;
  readonly target?: string;
  /** For an absent target: the word as written (`$HOME/.env`, `*.log`), to show in messages. */
  readonly written?: string;
}

/** The effects of one call. */
export interface EffectRecord {
  readonly effects: readonly Effect[];
  /** True when any effect is `unknown` or has an unknown target. */
  readonly partial: boolean;
}

/**
 * A call's effects as a hook with an effect matcher gets them (`tool_effects` in its input): the record, plus
 * `unknown`, what could not be read — each `unknown` effect's reason, and each effect whose target only a running
 * shell could tell as `class(word as written)` — so a guard that ran because of it can say why. Frozen: every
 * hook of the event is given the same one.
 */
export interface ToolEffects extends EffectRecord {
  readonly unknown: readonly string[];
}

/** The `tool_effects` of a record (frozen, with the record's effects). */
export const toolEffectsOf = (record: EffectRecord): ToolEffects => {
  const unknown: string[] = [];
  for (const effect of record.effects) {
    Object.freeze(effect);
    if (effect.effect === 'unknown') unknown.push(effect.target ?? 'unknown');
    else if (effect.target === undefined) unknown.push(`${effect.effect}(${effect.written ?? '?'})`);
  }
  return Object.freeze({
    effects: Object.freeze(record.effects),
    partial: record.partial,
    unknown: Object.freeze(unknown),
  });
};

/** Effects of a known MCP tool, by server then tool (`*` for every tool of the server), in `class(target)` form. */
export type McpEffectMap = Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;

/** `writes(.env)`, `egress(?)`, `unknown(reason)`: the one text form of an effect, in labels, messages and maps. */
export const effectText = (effect: Effect): string => `${effect.effect}(${effect.target ?? '?'})`;

const TEXT_FORM = /^([a-z]+)\((.*)\)$/s;

/** Reads `class(target)` (`?` or an empty target: unknown); undefined when it is not one. */
export const parseEffect = (text: string): Effect | undefined => {
  const match = TEXT_FORM.exec(text.trim());
  const kind = match?.[1] as EffectClass | undefined;
  if (match === null || kind === undefined || !(EFFECT_CLASSES as readonly string[]).includes(kind)) return undefined;
  const target = match[2]?.trim() ?? '';
  return target === '' || target === '?' ? { effect: kind } : { effect: kind, target };
};
