/**
 * Programs that run another program (`env sh x.sh`, `nice -n 5 ./x`, `timeout 5 bash x.sh`): the static
 * analysis looks through them to what they run. Each is data — its options and what they change — so a
 * new one is a table row. Hashing only the wrapper would let what it runs change without a new approval.
 */
import type { Grammar } from './argv.js';

/** sudo's usual `secure_path`: it looks programs up there, not on the caller's PATH. */
const SECURE_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

export interface Wrapper {
  readonly grammar: Grammar;
  /** Operands read before the program (`timeout DURATION`). */
  readonly skip?: number;
  /** `NAME=value` operands before the program set variables (`env`). */
  readonly assignments?: boolean;
  /** Options that empty the environment (`env -i`); the operand `-` does too. */
  readonly clear?: readonly string[];
  /** Options whose value names a variable to unset (`env -u`). */
  readonly unset?: readonly string[];
  /** Options whose value is split into more words before the program (`env -S`). */
  readonly split?: readonly string[];
  /** Options whose value is the search path (`env -P` on BSD). */
  readonly searchPathOption?: readonly string[];
  /** Options that make the lookup use the default path (`command -p`). */
  readonly defaultPath?: readonly string[];
  /** The program is looked up here rather than on PATH (sudo's `secure_path`). */
  readonly searchPath?: string;
  /** What runs when no program is named (`xargs` runs `echo`). */
  readonly fallback?: string;
  /** What the wrapper decides at run time, for the approval's "not pinned" list. */
  readonly note?: string;
}

/** Wrappers by program name. `exec` and `command` are builtins in the shell form and programs in the exec form. */
export const WRAPPERS: Readonly<Record<string, Wrapper>> = {
  env: {
    grammar: {
      valued: ['-u', '--unset', '-C', '--chdir', '-S', '--split-string', '-P'],
      chdir: ['-C', '--chdir'],
      clusters: true,
      closed: true,
    },
    assignments: true,
    clear: ['-i', '--ignore-environment'],
    unset: ['-u', '--unset'],
    split: ['-S', '--split-string'],
    searchPathOption: ['-P'],
  },
  nice: { grammar: { valued: ['-n', '--adjustment'], clusters: true, numeric: true, closed: true } },
  ionice: {
    grammar: {
      valued: ['-c', '--class', '-n', '--classdata', '-p', '--pid', '-P', '--pgid', '-u', '--uid'],
      clusters: true,
      closed: true,
    },
  },
  timeout: {
    grammar: { valued: ['-s', '--signal', '-k', '--kill-after'], clusters: true, closed: true },
    skip: 1,
  },
  nohup: { grammar: { closed: true } },
  setsid: { grammar: { clusters: true, closed: true } },
  stdbuf: {
    grammar: { valued: ['-i', '--input', '-o', '--output', '-e', '--error'], clusters: true, closed: true },
  },
  time: { grammar: { valued: ['-f', '--format', '-o', '--output'], clusters: true, closed: true } },
  command: { grammar: { noRun: ['-v', '-V'], clusters: true, closed: true }, defaultPath: ['-p'] },
  exec: { grammar: { valued: ['-a'], clusters: true, closed: true } },
  builtin: { grammar: { closed: true } },
  xargs: {
    grammar: {
      valued: [
        '-a',
        '--arg-file',
        '-d',
        '--delimiter',
        '-E',
        '-I',
        '-L',
        '-n',
        '--max-args',
        '-P',
        '--max-procs',
        '-s',
        '--max-chars',
        '--process-slot-var',
      ],
      noRun: ['--show-limits'],
      clusters: true,
      closed: true,
    },
    fallback: 'echo',
    note: 'the arguments xargs reads from stdin (the event JSON)',
  },
  sudo: {
    grammar: {
      valued: [
        ...['-u', '--user', '-g', '--group', '-C', '--close-from', '-D', '--chdir', '-h', '--host', '-p', '--prompt'],
        ...['-r', '--role', '-t', '--type', '-T', '--command-timeout', '-U', '--other-user', '-R', '--chroot'],
      ],
      chdir: ['-D', '--chdir'],
      noRun: ['-l', '--list', '-v', '--validate', '-V', '--version', '-e', '--edit', '-K', '--remove-timestamp'],
      clusters: true,
      closed: false,
    },
    searchPath: SECURE_PATH,
    note: 'what sudo runs as another user is decided by its own policy',
  },
  doas: {
    grammar: { valued: ['-u', '-C'], noRun: ['-C'], clusters: true, closed: true },
    searchPath: SECURE_PATH,
    note: 'what doas runs as another user is decided by its own policy',
  },
};
