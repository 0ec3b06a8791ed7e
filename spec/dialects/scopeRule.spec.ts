/**
 * The one scope rule, over every dialect's switches: random files at random scopes with random switch values
 * are merged, and (1) the switches of lower-trust files never change whether a higher scope's hook runs, (2) a
 * managed or system file's switch-off always wins. The oracle's ranks are written here, independent of the table.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeScopes, type ScopeContribution } from '../../lib/config/mergeScopes.js';
import type { LoadedEntry } from '../../lib/config/readSettings.js';
import { DIALECTS } from '../../lib/dialects/registry.js';
import { SWITCH_REACH, reaches } from '../../lib/dialects/scopeRule.js';
import type { Dialect, DialectId, DialectScope, FileSource } from '../../lib/dialects/types.js';

/** Trust as the README states it: administrator, then user, then the repository. */
const RANK: Readonly<Record<string, number>> = { managed: 3, system: 3, user: 2, project: 1, local: 1 };

/** Where a file can sit: a dialect's own locations, plus Claude plugins and Gemini extensions (source `extension`). */
interface Place {
  readonly dialect: Dialect;
  readonly scope: DialectScope;
  readonly source: FileSource;
}

const PLACES: readonly Place[] = DIALECTS.flatMap((dialect) => [
  ...dialect.locations.map((location) => ({ dialect, scope: location.scope, source: location.source })),
  ...(dialect.id === 'claude'
    ? (['user', 'project', 'managed'] as const).map((scope) => ({ dialect, scope, source: 'extension' as const }))
    : dialect.id === 'gemini'
      ? [{ dialect, scope: 'user' as const, source: 'extension' as const }]
      : []),
]);

/** One switch entry's state: the value that triggers it, its opposite, or absent. */
type State = 'trigger' | 'opposite' | 'absent';

interface FileSpec {
  readonly place: number;
  /** Per switch of the dialect's table, in table order. */
  readonly states: readonly State[];
  readonly disabled: readonly string[];
  readonly hooks: readonly string[];
}

const NAMES = ['a', 'b', 'c'];
const stateArb = fc.constantFrom<State>('trigger', 'opposite', 'absent');
const fileArb: fc.Arbitrary<FileSpec> = fc.record({
  place: fc.nat({ max: PLACES.length - 1 }),
  states: fc.array(stateArb, { minLength: 3, maxLength: 3 }),
  disabled: fc.subarray(NAMES),
  hooks: fc.array(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 2 }),
});

const setAt = (target: Record<string, unknown>, path: readonly string[], value: unknown): void => {
  let at = target;
  for (const key of path.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
  at[path[path.length - 1] as string] = value;
};

/** The file's settings object: each switch of its table in its state (hookstream's two `enableHooks` as one). */
const rawOf = (dialect: Dialect, states: readonly State[]): Record<string, unknown> => {
  const raw: Record<string, unknown> = {};
  dialect.enablement.switches.forEach((entry, index) => {
    const state = states[index] ?? 'absent';
    if (state === 'absent') return;
    setAt(raw, entry.path, state === 'trigger' ? entry.value : !entry.value);
  });
  return raw;
};

const contributionOf = (spec: FileSpec, index: number): ScopeContribution => {
  const { dialect, scope, source } = PLACES[spec.place] as Place;
  const file = `/files/${index}-${dialect.id}-${source}-${scope}.json`;
  const raw = rawOf(dialect, spec.states);
  const entries: LoadedEntry[] = spec.hooks.map((name) => ({
    event: 'BeforeTool',
    definition: { type: 'command', command: `./${name}.sh` },
    origin: { source, file, dialect: dialect.id },
    sequential: false,
    name,
  }));
  if (dialect.id === 'hookstream') {
    const tools = raw['tools'] as { enableHooks?: boolean } | undefined;
    const hooksConfig = raw['hooksConfig'] as { enabled?: boolean } | undefined;
    const settings: ScopeContribution['settings'] = { disabled: [...spec.disabled], entries };
    if (tools?.enableHooks !== undefined) settings.enableHooks = tools.enableHooks;
    if (hooksConfig?.enabled !== undefined) settings.hooksEnabled = hooksConfig.enabled;
    return { source, file, settings };
  }
  return {
    source,
    file,
    settings: { dialect: dialect.id, scope, raw, disabled: [...spec.disabled], entries },
  };
};

/** Whether file `voter`'s switches may decide for `target`'s hooks, by the oracle's ranks. */
const outranksOrEquals = (voter: FileSpec, target: FileSpec): boolean => {
  const v = PLACES[voter.place] as Place;
  const t = PLACES[target.place] as Place;
  if (v.source === 'extension') return false;
  return (RANK[v.scope] ?? 0) >= (RANK[t.scope] ?? 0);
};

/** `dialect:index:name` of every hook of `files` that may run. */
const running = (files: readonly FileSpec[]): Set<string> => {
  const contributions = files.map(contributionOf);
  const merged = mergeScopes(contributions, []);
  const on = new Set<string>();
  contributions.forEach((contribution, index) => {
    for (const entry of contribution.settings.entries) {
      if (!merged.inactive.has(entry) && !merged.disabled.has(entry.name)) on.add(`${index}:${entry.name}`);
    }
  });
  return on;
};

/**
 * `files` with every file below `target` given other switch values: switch-offs set or cleared at random, a
 * hookstream `enableHooks: true` kept and never added (a switch-on may come from any file: it cannot silence a guard).
 */
const rerolled = (files: readonly FileSpec[], target: number, rolls: readonly (readonly State[])[]): FileSpec[] =>
  files.map((file, index) => {
    if (index === target || outranksOrEquals(file, files[target] as FileSpec)) return file;
    const { dialect } = PLACES[file.place] as Place;
    const roll = rolls[index % rolls.length] as readonly State[];
    let states: State[] = dialect.enablement.switches.map((_, at) => roll[at] ?? 'absent');
    if (dialect.id === 'hookstream') {
      const tools = rawOf(dialect, file.states)['tools'] as { enableHooks?: boolean } | undefined;
      const enabling = tools?.enableHooks === true;
      states = [
        enabling ? (file.states[0] ?? 'absent') : 'absent',
        enabling ? (file.states[1] ?? 'absent') : roll[1] === 'trigger' ? 'trigger' : 'absent',
        roll[2] ?? 'absent',
      ];
    }
    return { place: file.place, hooks: file.hooks, states, disabled: roll[0] === 'trigger' ? NAMES : [] };
  });

describe('the scope rule, across every dialect', () => {
  it('is one table: each scope reaches its own and lower-trust scopes, a bundle file only itself', () => {
    expect(SWITCH_REACH.project).toEqual(['project', 'local']);
    expect(SWITCH_REACH.user).not.toContain('managed');
    expect(SWITCH_REACH.user).not.toContain('system');
    expect(reaches({ scope: 'extension', file: '/b.json' }, { scope: 'user', file: '/b.json' })).toBe(true);
    expect(reaches({ scope: 'extension', file: '/b.json' }, { scope: 'extension' })).toBe(false);
    for (const [voter, reach] of Object.entries(SWITCH_REACH)) {
      for (const target of reach)
        if (voter !== 'runtime') expect(RANK[target] ?? 2).toBeLessThanOrEqual(RANK[voter] ?? 4);
    }
  });

  it("never lets a lower-trust file's switches change whether a higher scope's hook runs", () => {
    fc.assert(
      fc.property(
        fc.array(fileArb, { minLength: 1, maxLength: 7 }),
        fc.nat(),
        fc.array(fc.array(stateArb, { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 4 }),
        (files, pick, rolls) => {
          const target = pick % files.length;
          const before = running(files);
          const after = running(rerolled(files, target, rolls));
          for (const name of NAMES) expect(after.has(`${target}:${name}`)).toBe(before.has(`${target}:${name}`));
        },
      ),
      { numRuns: 400 },
    );
  });

  it("lets a managed or system file's switch-off win over every file of its dialect", () => {
    const offPlaces = PLACES.map((place, index) => ({ place, index })).filter(
      ({ place }) =>
        (place.scope === 'managed' || place.scope === 'system') &&
        place.source !== 'extension' &&
        place.dialect.enablement.switches.some((entry) => entry.effect === 'disable' && entry.reach === 'scopes'),
    );
    expect(offPlaces.map(({ place }) => place.dialect.id).sort()).toEqual(['claude', 'gemini', 'hookstream']);
    fc.assert(
      fc.property(fc.array(fileArb, { maxLength: 6 }), fc.constantFrom(...offPlaces), (files, { place, index }) => {
        const states = place.dialect.enablement.switches.map((entry): State =>
          entry.effect === 'disable' && entry.reach === 'scopes' && entry.path[0] !== 'tools' ? 'trigger' : 'absent',
        );
        const all = [...files, { place: index, states, disabled: [], hooks: ['a'] }];
        const on = running(all);
        const master = place.dialect.id === 'hookstream';
        all.forEach((file, at) => {
          const dialect: DialectId = (PLACES[file.place] as Place).dialect.id;
          if (master || dialect === place.dialect.id)
            for (const name of NAMES) expect(on.has(`${at}:${name}`)).toBe(false);
        });
      }),
      { numRuns: 300 },
    );
  });
});
