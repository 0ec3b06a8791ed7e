/**
 * The floors of lib/: each folder's rank and what it holds. A module imports only from its own folder or
 * from a lower floor; folders on one floor do not import each other unless SIBLINGS lists the pair.
 * spec/docs/layout.spec.ts enforces it and checks that docs/architecture.md prints this same table.
 */
export interface Floor {
  readonly folders: readonly string[];
  readonly holds: string;
}

export const FLOORS: readonly Floor[] = [
  { folders: ['core', 'logging'], holds: 'errors, guards, limits, safe file reads and writes; the logger' },
  {
    folders: ['events', 'diagnostics'],
    holds: 'event names, input and output codecs; located problems (file, pointer, line)',
  },
  { folders: ['model'], holds: 'the vocabulary every floor speaks: definitions, runs, results, outcome sets' },
  { folders: ['policy', 'rules', 'inspect'], holds: 'env and HTTP rules; merge and blocking rules; the shell reader' },
  { folders: ['effects'], holds: 'what a tool call does: effect records of shell commands, file tools, patches, MCP' },
  {
    folders: ['kinds'],
    holds: 'one file per hook kind and their table: fields, dedup key, label, what trust pins and shows',
  },
  { folders: ['plan'], holds: 'matchers, conditions, entries, dedup and the plan of one event' },
  { folders: ['dialects'], holds: "every agent's hook format as data: events, fields, scopes, variables" },
  { folders: ['protocol'], holds: 'pure rules of a run: exit codes, stdout, dialect input and output, hook env' },
  { folders: ['trust', 'config'], holds: 'fingerprints and the trust store; reading and merging settings files' },
  { folders: ['process', 'transport'], holds: 'spawning and supervising processes; HTTP requests and env files' },
  { folders: ['executors'], holds: 'one executor per hook kind behind one seam' },
  { folders: ['aggregate'], holds: 'per-event aggregation into one result, with the seed views every result offers' },
  { folders: ['engine'], holds: 'decideEvent, runPlan and the ordered merge' },
  {
    folders: ['operators', 'observe', 'session'],
    holds: 'public rxjs operators; the tap the facade records and reports through; session policies and their state',
  },
  { folders: ['ledger'], holds: 'the decision ledger: canonical JSON, hash chain, checkpoints, verification' },
  { folders: ['system'], holds: 'the facade: createHookSystem and its options' },
  { folders: ['translate'], holds: "translation between hosts' shapes and hookstream's" },
  { folders: ['host'], holds: 'host wrappers: tool calls, model calls, sessions, approval' },
  {
    folders: ['tools', 'seed', 'adapters', 'testing', 'broker'],
    holds: 'dashboard, replay, profile; seed API; framework adapters; test kit; the NATS worker pool',
  },
  { folders: ['cli'], holds: 'the hookstream command' },
  { folders: ['entry'], holds: 'entry points that span folders: compose, host, observe' },
];

/** Same-floor pairs allowed to import (importer → imported). */
export const SIBLINGS: readonly (readonly [string, string])[] = [];

/** The floor of each folder. */
export const rankOf = (folder: string): number | undefined => {
  const index = FLOORS.findIndex((floor) => floor.folders.includes(folder));
  return index < 0 ? undefined : index;
};

/** The table as docs/architecture.md prints it. */
export const floorsTable = (): string =>
  [
    '| floor | folders | holds |',
    '|---|---|---|',
    ...FLOORS.map(
      (floor, rank) => `| ${String(rank)} | ${floor.folders.map((f) => `\`${f}/\``).join(', ')} | ${floor.holds} |`,
    ),
  ].join('\n');
