/**
 * Redirections on the direct-exec fast path against real bash: for generated commands with plain redirections
 * (`>f`, `>>f`, `2>f`, `<f`, `2>&1`, `>&2`…) to files that exist, do not, are directories, links, `/dev/null`
 * or names that reach /proc, the direct path (directExec + the launcher, shell fallback armed) and
 * `bash --norc --noprofile -c` leave the same files with the same contents and modes and give the same exit
 * status, stdout and stderr, in two copies of one directory; what the opener refuses is opened by nothing; no
 * descriptor is left open; and a program that kills itself is reported as bash reports it.
 */
import {
  chmodSync,
  copyFileSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCommandExecutor } from '../../lib/executors/commandExecutor.js';
import { directExec } from '../../lib/process/directExec.js';
import type { LaunchRequest, LaunchResult } from '../../lib/process/launch.js';
import { openRedirects } from '../../lib/process/redirects.js';
import { resolveShell, shellArgs } from '../../lib/protocol/hookEnv.js';
import { fixture, launched, openFds, ProcessTest, runOnce, warmUpSpawning } from './processHarness.js';

const PROBE = 'redirect-probe.sh';
let root: string;
let bash: string;
let runs = 0;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'hookstream-redirects-'));
  bash = resolveShell();
  await warmUpSpawning();
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

/** A fresh directory holding what the generated targets name. */
const scene = (): string => {
  const dir = path.join(root, String(runs++));
  mkdirSync(path.join(dir, 'sub'), { recursive: true });
  copyFileSync(fixture(PROBE), path.join(dir, PROBE));
  chmodSync(path.join(dir, PROBE), 0o755);
  writeFileSync(path.join(dir, 'in'), 'from in');
  writeFileSync(path.join(dir, 'out'), 'old out\n');
  writeFileSync(path.join(dir, 'err'), 'old err\n');
  symlinkSync('in', path.join(dir, 'link-in'));
  symlinkSync('sub', path.join(dir, 'link-sub'));
  // Names that mean whoever opens them: the opener must leave them to bash.
  symlinkSync('/proc/self/cwd', path.join(dir, 'me'));
  symlinkSync('/dev/stderr', path.join(dir, 'so'));
  return dir;
};

/** Every name under `dir` (links not followed: Node 20's recursive readdir follows them) with kind, mode, contents. */
const snapshot = (dir: string, into: Record<string, string> = {}, prefix = ''): Record<string, string> => {
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    const stats = lstatSync(full);
    const mode = (stats.mode & 0o777).toString(8);
    if (stats.isFile()) into[prefix + name] = `file ${mode} ${readFileSync(full, 'utf8')}`;
    else if (stats.isDirectory()) {
      into[prefix + name] = `dir ${mode}`;
      snapshot(full, into, `${prefix}${name}/`);
    } else into[prefix + name] = 'link';
  }
  return into;
};

const baseEnv = (dir: string): Record<string, string> => ({ PATH: '/usr/bin:/bin', HOME: dir, SHLVL: '1', LANG: 'C' });

const request = (dir: string, file: string, args: readonly string[], env: Record<string, string>): LaunchRequest => ({
  file,
  args,
  cwd: dir,
  baseEnv: baseEnv(dir),
  env,
  input: '{"hook_event_name":"BeforeTool"}',
  maxOutputBytes: 1 << 20,
});

interface Seen {
  exitCode?: number | undefined;
  signal?: string | undefined;
  stdout: string;
  stderr: string;
  files: Record<string, string>;
}

const seen = (dir: string, result: LaunchResult): Seen => ({
  exitCode: result.exitCode,
  signal: result.signal,
  stdout: Buffer.from(result.stdout).toString(),
  // Each run has a directory of its own: bash names it in its messages (`~/new`), wherever they go.
  stderr: Buffer.from(result.stderr).toString().replaceAll(dir, '<dir>'),
  files: Object.fromEntries(Object.entries(snapshot(dir)).map(([name, seen]) => [name, seen.replaceAll(dir, '<dir>')])),
});

const viaBash = async (command: string, env: Record<string, string>): Promise<Seen> => {
  const dir = scene();
  return seen(dir, await launched(request(dir, bash, shellArgs(bash, command), env)));
};

/** The fast path as the executor takes it; undefined when directExec sends the command to the shell. */
const viaDirect = async (command: string, env: Record<string, string>): Promise<Seen | undefined> => {
  const dir = scene();
  const direct = directExec(command, baseEnv(dir), env, dir);
  if (direct === undefined) return undefined;
  const launch = Object.assign(request(dir, direct.file, direct.args, Object.assign({}, env, direct.env)), {
    argv0: direct.argv0,
    fallback: { file: bash, args: shellArgs(bash, command) },
    redirects: direct.redirects,
  });
  return seen(dir, await launched(launch));
};

// Generated redirections: every operator taken and some that are not, to targets of every kind.
const target = fc.constantFrom(
  'out',
  '"out"',
  'err',
  'in',
  'missing',
  'sub',
  'sub/new',
  'nodir/x',
  '/dev/null',
  'link-in',
  'link-sub/new',
  'link-sub/../out',
  'sub/../out',
  './out',
  'out/',
  'me/x',
  'so',
  '$F',
  '"$F"',
  '~/new',
);
const operator = fc.constantFrom('>', '>>', '2>', '2>>', '<', '1>', '0<', '> ', '2> ', '< ');
// `<so` would read the run's own stderr pipe, which stays open: bash waits there for ever.
const redirectionTo = fc
  .tuple(operator, target)
  .filter(([op, to]) => !(op.trim().endsWith('<') && to === 'so'))
  .map(([op, to]) => `${op}${to}`);
const copy = fc.constantFrom('2>&1', '>&2', '1>&2', '2>&2', '>&1', '3>x', '&>x', '>|x', '<>x', '>&-');
const redirection = fc.oneof({ weight: 3, arbitrary: redirectionTo }, { weight: 1, arbitrary: copy });
const command = fc
  .tuple(fc.array(redirection, { maxLength: 3 }), fc.boolean())
  .map(([redirections, first]) =>
    first && redirections.length > 0
      ? `${redirections.join(' ')} ./${PROBE} arg`
      : [`./${PROBE} arg`, ...redirections].join(' '),
  );

describe('redirections on the direct path against bash -c', () => {
  let fds: number;
  beforeAll(() => {
    fds = openFds();
  });
  afterEach(() => {
    // Every descriptor the opener made is closed once its run is spawned (or the run went to bash).
    expect(openFds()).toBe(fds);
  });

  it('leaves the same files and gives the same status, stdout and stderr for generated commands', async () => {
    let direct = 0;
    let total = 0;
    await fc.assert(
      fc.asyncProperty(
        command,
        fc.constantFrom('out', 'a b', '', 'sub/new'),
        fc.constantFrom('0', '3'),
        async (line, file, exit) => {
          total += 1;
          const env = { F: file, PROBE_EXIT: exit };
          const fast = await viaDirect(line, env);
          if (fast === undefined) return;
          direct += 1;
          expect(fast, line).toEqual(await viaBash(line, env));
        },
      ),
      { numRuns: 150 },
    );
    // The property must have compared the fast path, not skipped it.
    expect(direct).toBeGreaterThan(total / 3);
  }, 120_000);

  it('sends redirections it does not take to the shell before anything is opened', () => {
    const dir = scene();
    const refused = [
      '2>&1 >out',
      '3>x',
      '&>x',
      '>|x',
      '<>x',
      '>&-',
      '<&0',
      '<<<x',
      '>$A',
      '>"$A"',
      '>$B',
      '>*',
      '>$(id)',
    ];
    for (const construct of refused) {
      const line = `./${PROBE} ${construct}`;
      const direct = directExec(line, baseEnv(dir), { A: '', B: 'a b' }, dir);
      // `2>&1 >out` is taken by directExec and refused by the opener: the copy of a pipe comes first.
      if (construct === '2>&1 >out') expect(direct?.redirects).toEqual([{ fd: 2, copyOf: 1 }, expect.anything()]);
      else expect(direct, line).toBeUndefined();
    }
    expect(
      openRedirects(
        [
          { fd: 2, copyOf: 1 },
          { fd: 1, mode: 'write', file: 'out' },
        ],
        dir,
      ),
    ).toBeUndefined();
    expect(readFileSync(path.join(dir, 'out'), 'utf8')).toBe('old out\n');
  });
});

describe('the opener', () => {
  it('refuses a FIFO, a directory, a device and names that reach /proc, opening none of them', () => {
    const dir = scene();
    execFileSync('mkfifo', [path.join(dir, 'fifo')]);
    symlinkSync('fifo', path.join(dir, 'link-fifo'));
    const fds = openFds();
    const refused = [
      'fifo',
      'link-fifo',
      'sub',
      'sub/',
      'in/.',
      'link-sub/..',
      'me/x',
      'so',
      '/dev/stdout',
      '/dev/fd/1',
      '/dev/tty',
      '/proc/self/environ',
      'nodir/x',
    ];
    for (const file of refused) {
      for (const mode of ['read', 'write', 'append'] as const)
        expect(openRedirects([{ fd: mode === 'read' ? 0 : 1, mode, file }], dir), `${mode} ${file}`).toBeUndefined();
    }
    // A write refused opened nothing: nothing was created where a link led.
    expect(readdirSync(path.join(dir, 'sub'))).toEqual([]);
    expect(openFds()).toBe(fds);
  });

  it('opens as bash does: truncates, appends, creates 0666 under the umask, reads', () => {
    const dir = scene();
    const opened = openRedirects(
      [
        { fd: 0, mode: 'read', file: 'link-in' },
        { fd: 1, mode: 'append', file: 'out' },
        { fd: 2, mode: 'write', file: 'err' },
      ],
      dir,
    );
    expect(opened?.stdio.every((slot) => typeof slot === 'number')).toBe(true);
    opened?.close();
    const created = openRedirects([{ fd: 1, mode: 'write', file: 'sub/new' }], dir);
    created?.close();
    const umask = Number.parseInt(/^Umask:\s*(\d+)$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? '', 8);
    expect(snapshot(dir)).toMatchObject({
      out: 'file 644 old out\n',
      err: 'file 644 ',
      'sub/new': `file ${(0o666 & ~umask).toString(8)} `,
    });
  });

  it('reports a program killed by a signal of its own as bash does (128 + the number), through the executor', async () => {
    const t = new ProcessTest();
    const executor = createCommandExecutor({ projectDir: t.dir, sessionId: 's', forceKillAfterMs: 300 });
    try {
      const line = `sh -c 'kill -SEGV $$' >/dev/null`;
      expect(directExec(line, { PATH: '/usr/bin:/bin', SHLVL: '1' }, {}, t.dir)?.redirects).toBeDefined();
      const run = await runOnce(executor, t.hook({ command: line }), t.input());
      const shellRun = await runOnce(executor, t.hook({ command: `${line}; exit $?` }), t.input());
      expect(run.exitCode).toBe(139);
      expect(run.outcome).toBe(shellRun.outcome);
      expect(run.exitCode).toBe(shellRun.exitCode);
    } finally {
      await t.verifyClean(executor);
    }
  });
});
