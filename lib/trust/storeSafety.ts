/**
 * Whether the approval store can be believed: a store another user could have written would
 * let them approve hooks in your name. Refused, with one line saying why and how to fix it:
 * - the store file is not a regular file, is owned by another user, or is group/world-writable;
 * - its directory is group/world-writable (unless sticky and owned by you), or owned by another user;
 * - a directory above it is owned by another user, or is group/world-writable without the sticky bit
 *   (someone could rename the path away and put theirs in its place). A sticky, root-owned `/tmp` above
 *   a directory of yours is safe: nobody else can rename your entries in it.
 * The checks follow the real path (links resolved). Where there are no owners (Windows) only the file
 * type is checked.
 */
import { realpathSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';

const GROUP_OR_WORLD_WRITABLE = 0o022;
const STICKY = 0o1000;

const myUid = (): number | undefined => (typeof process.getuid === 'function' ? process.getuid() : undefined);

const mode = (stats: Stats): string => `mode ${(stats.mode & 0o7777).toString(8).padStart(4, '0')}`;

const ownedByOther = (stats: Stats, uid: number): boolean => stats.uid !== uid && stats.uid !== 0;

/** Why the store file itself cannot be trusted, or undefined. */
export const fileProblem = (file: string, stats: Stats): string | undefined => {
  if (stats.isDirectory())
    return `the trust store ${file} is a directory, not a file; remove it or point the store elsewhere`;
  if (!stats.isFile()) return `the trust store ${file} is not a regular file`;
  const uid = myUid();
  if (uid === undefined) return undefined;
  if (stats.uid !== uid) {
    return `the trust store ${file} is owned by uid ${stats.uid}, not by you (uid ${uid}); nothing in it is trusted`;
  }
  if ((stats.mode & GROUP_OR_WORLD_WRITABLE) !== 0) {
    return `the trust store ${file} is writable by others (${mode(stats)}); nothing in it is trusted until \`chmod 600 ${file}\``;
  }
  return undefined;
};

/** Why the directories holding `dir` (the store's own directory first) cannot be trusted, or undefined. */
export const directoryProblem = (dir: string): string | undefined => {
  const uid = myUid();
  if (uid === undefined) return undefined;
  let current: string;
  try {
    current = realpathSync(dir);
  } catch {
    return undefined; // Not there yet: created 0700 on the first approval, and checked again then.
  }
  for (let own = true; ; own = false) {
    const stats = statSync(current);
    if (ownedByOther(stats, uid)) {
      return `the trust store's directory ${current} is owned by uid ${stats.uid}; nothing in the store is trusted`;
    }
    const writable = (stats.mode & GROUP_OR_WORLD_WRITABLE) !== 0;
    const sticky = (stats.mode & STICKY) !== 0;
    // Its own directory must be private (or sticky and ours); above it, a sticky directory keeps our entry ours.
    if (writable && !(sticky && (!own || stats.uid === uid))) {
      return (
        `the trust store's directory ${current} is writable by others (${mode(stats)}); nothing in the store is ` +
        `trusted until \`chmod go-w ${current}\``
      );
    }
    const parent = path.dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
};
