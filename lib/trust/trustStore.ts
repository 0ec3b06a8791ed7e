/**
 * The user-scope store of approved hook fingerprints: `~/.hookstream/trusted-hooks.json`, mode 0600,
 * written atomically. Read on every check, so an approval or revocation from another process (the
 * `hookstream trust` command) takes effect at the next spawn.
 */
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

export interface Approval {
  fingerprint: string;
  /** For people reading the file: which hook, where. */
  hook: string;
  event: string;
  project: string;
  file?: string;
}

export interface TrustStore {
  readonly path: string;
  isApproved(fingerprint: string): boolean;
  approve(approvals: readonly Approval[]): void;
  /** Removes approvals; with no argument, every approval of `project`. Returns how many were removed. */
  revoke(filter: { fingerprints?: readonly string[]; project?: string }): number;
  list(): (Approval & { approvedAt: string })[];
}

type StoredApproval = Omit<Approval, 'fingerprint'> & { approvedAt: string };
interface StoreFile {
  version: 1;
  approved: Record<string, StoredApproval>;
}

export const defaultTrustStorePath = (home = homedir()): string => path.join(home, '.hookstream', 'trusted-hooks.json');

/** Opens (lazily creates) the store at `file`. An unreadable or corrupt store approves nothing. */
export const createTrustStore = (file: string = defaultTrustStorePath()): TrustStore => {
  const read = (): StoreFile => {
    try {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<StoreFile>;
      return {
        version: 1,
        approved: typeof parsed.approved === 'object' && parsed.approved !== null ? parsed.approved : {},
      };
    } catch {
      return { version: 1, approved: {} };
    }
  };
  const write = (data: StoreFile): void => {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600 });
    chmodSync(temporary, 0o600);
    renameSync(temporary, file);
  };
  return {
    path: file,
    isApproved: (fingerprint) => Object.hasOwn(read().approved, fingerprint),
    approve: (approvals) => {
      const data = read();
      const approvedAt = new Date().toISOString();
      for (const { fingerprint, ...about } of approvals) data.approved[fingerprint] = { ...about, approvedAt };
      write(data);
    },
    revoke: ({ fingerprints, project }) => {
      const data = read();
      const doomed = Object.entries(data.approved)
        .filter(([fp, about]) => (fingerprints ? fingerprints.includes(fp) : about.project === project))
        .map(([fp]) => fp);
      data.approved = Object.fromEntries(Object.entries(data.approved).filter(([fp]) => !doomed.includes(fp)));
      if (doomed.length > 0) write(data);
      return doomed.length;
    },
    list: () => Object.entries(read().approved).map(([fingerprint, about]) => ({ fingerprint, ...about })),
  };
};
