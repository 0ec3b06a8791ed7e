/**
 * One idiom inside the engine: up to the facade, the rxjs floors (operators, observers' tap, session policies) aside, every floor speaks plain callbacks (`StartRun`, `RunDone`,
 * `ResultDone`) and cancels with one form, the `CancelRun` function. Observables, Promises of a run and
 * AbortControllers appear only at the edges listed here, each for the reason given; a new one must be added on
 * purpose (and an edge that went away must leave the list).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FLOORS, rankOf } from './floors.js';

const LIB = fileURLToPath(new URL('../../lib/', import.meta.url));

/**
 * rxjs is the idiom of these floors' public side: the operators, the observers' tap, and session policies (a policy
 * is an operator over the session's steps).
 */
const RXJS_FLOORS = new Set(['operators', 'observe', 'session']);

/** The engine's inside: every floor up to the facade, but for the rxjs floors. */
const INSIDE = FLOORS.flatMap((floor) => floor.folders).filter(
  (folder) => (rankOf(folder) ?? Infinity) <= (rankOf('system') ?? 0) && !RXJS_FLOORS.has(folder),
);

/** Where an Observable is made or subscribed inside, and why. */
const OBSERVABLE_EDGES: Readonly<Record<string, string>> = {
  'executors/startRun.ts':
    'the executor seam: `startable` gives a callback executor its Observable form, `startOf` the reverse',
  'executors/functionExecutor.ts': "a function hook may return an Observable: the hook's own idiom",
  'engine/runPlan.ts': "the public operators' runner",
  'engine/orderedMerge.ts': 'the ordered merge is itself a public operator',
  'system/createHookSystem.ts': '`fire$` and `decide` hand the host an Observable',
};

/** Where an AbortController is made inside: what needs a signal. */
const ABORT_EDGES: Readonly<Record<string, string>> = {
  'executors/functionExecutor.ts': "a function hook's context carries a signal",
  'executors/callbackExecutor.ts': "a callback hook's context carries a signal",
  'executors/runLifecycles.ts': 'a run that holds a process or a request aborts it through its signal',
  'process/workerPool.ts': "a persistent worker's requests are aborted through Node's signal",
};

const sources = (folder: string): string[] => {
  const root = join(LIB, folder);
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => join(root, file));
};

/** The code of a module without its comments (examples in doc comments subscribe too). */
const code = (file: string): string =>
  readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

const using = (pattern: RegExp): string[] =>
  INSIDE.flatMap(sources)
    .filter((file) => pattern.test(code(file)))
    .map((file) => relative(LIB, file))
    .sort();

describe('one idiom inside the engine', () => {
  it('covers the floors up to the facade', () => {
    expect(INSIDE).toEqual(expect.arrayContaining(['model', 'executors', 'aggregate', 'engine', 'system']));
    expect(INSIDE).not.toContain('operators');
  });

  it('makes or subscribes Observables only at the listed edges', () => {
    expect(using(/new Observable\b|\.subscribe\(|\b(?:firstValueFrom|lastValueFrom)\(/)).toEqual(
      Object.keys(OBSERVABLE_EDGES).sort(),
    );
  });

  it('cancels with CancelRun inside, making AbortControllers only where a signal is handed out', () => {
    expect(using(/new AbortController\(/)).toEqual(Object.keys(ABORT_EDGES).sort());
  });
});
