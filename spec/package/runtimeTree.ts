/**
 * The packages an app installs with hookstream — its dependencies and peer dependencies, and theirs — read
 * from a package-lock.json (v2/v3 `packages` map), resolved the way Node and npm resolve them: a dependency
 * of `node_modules/a` is `node_modules/a/node_modules/b` if that exists, else found further up.
 */

export interface LockEntry {
  readonly version?: string;
  readonly dev?: boolean;
  readonly optional?: boolean;
  readonly hasInstallScript?: boolean;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly optionalDependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
  readonly peerDependenciesMeta?: Readonly<Record<string, { readonly optional?: boolean }>>;
}

export interface Lockfile {
  readonly packages: Readonly<Record<string, LockEntry>>;
}

/** The lock path `name` resolves to from the package at `from` (`''` is the root), or undefined. */
const resolveFrom = (lock: Lockfile, from: string, name: string): string | undefined => {
  for (let base = from; ;) {
    const candidate = `${base === '' ? '' : `${base}/`}node_modules/${name}`;
    if (lock.packages[candidate] !== undefined) return candidate;
    if (base === '') return undefined;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
};

/**
 * What a package needs at run time: its dependencies and required peers (npm 7+ installs those), then optional
 * dependencies. Optional peers (a framework an adapter supports) are the app's own choice, not installed with it.
 */
const needs = (entry: LockEntry): [name: string, optional: boolean][] => {
  const peers = Object.keys(entry.peerDependencies ?? {}).filter(
    (name) => !entry.peerDependenciesMeta?.[name]?.optional,
  );
  return [
    ...[...Object.keys(entry.dependencies ?? {}), ...peers].map((name): [string, boolean] => [name, false]),
    ...Object.keys(entry.optionalDependencies ?? {}).map((name): [string, boolean] => [name, true]),
  ];
};

/**
 * Lock paths of every package in the runtime tree of the root; a required name that resolves nowhere as
 * `missing:<name>` (an optional one for another platform is simply absent).
 */
export const runtimeTree = (lock: Lockfile): string[] => {
  const root = lock.packages[''];
  if (root === undefined) throw new Error('package-lock.json has no root package ("")');
  const seen = new Set<string>();
  const queue = needs(root).map(([name, optional]) => ({ from: '', name, optional }));
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const found = resolveFrom(lock, next.from, next.name);
    if (found === undefined && next.optional) continue;
    const path = found ?? `missing:${next.name}`;
    if (seen.has(path)) continue;
    seen.add(path);
    const entry = lock.packages[path];
    for (const [name, optional] of entry === undefined ? [] : needs(entry)) queue.push({ from: path, name, optional });
  }
  return [...seen].sort();
};
