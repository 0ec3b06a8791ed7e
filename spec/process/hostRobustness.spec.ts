/**
 * A host that cannot be knocked over, in real host processes:
 * - at its descriptor limit (spec/fixtures/run/descriptor-host.ts, under a low `ulimit -n`), the spawn helper
 *   cannot start: one warning, hooks spawned from the host, every event answered with a clear failure (a
 *   `failurePolicy: "block"` guard blocks, naming EMFILE) — no crash, exit 0;
 * - with its own SIGINT handler (spec/fixtures/run/signal-host.ts), a SIGINT right after firing — while the
 *   helper is still starting the hook — still ends the hook: the signal listeners are in place before the hook
 *   starts, and the group gets the signal as soon as its pid is known;
 * - nothing on the run path is imported lazily (a dynamic import needs a descriptor at first use).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HOST_START_MS } from './hostHarness.js';
import { eventually, fixture, markedProcesses, MARKER_VARIABLE } from './processHarness.js';

const projectDir = mkdtempSync(path.join(tmpdir(), 'hookstream-host-'));
const markers: string[] = [];

afterAll(() => {
  for (const marker of markers) for (const pid of markedProcesses(marker)) process.kill(pid, 'SIGKILL');
  rmSync(projectDir, { recursive: true, force: true });
});

/** Starts `bash -c '<limit>; exec node --import tsx <fixture> <projectDir> <marker>'`; collects stdout. */
const startHost = (name: string, limit: string) => {
  const marker = `${name}-${process.pid}-${markers.length}`;
  markers.push(marker);
  const host = spawn(
    'bash',
    [
      '--norc',
      '--noprofile',
      '-c',
      `${limit}; exec "$0" --import tsx "$1" "$2" "$3"`,
      process.execPath,
      fixture(name),
      projectDir,
      marker,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: Object.assign({}, process.env, { [MARKER_VARIABLE]: marker }) },
  );
  let stdout = '';
  let stderr = '';
  host.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  host.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => host.on('close', resolve));
  return { marker, exited, stdout: () => stdout, stderr: () => stderr };
};

describe('a host at its descriptor limit', () => {
  it(
    'answers every event with a clear failure, warns once that the helper is unavailable, and exits 0',
    async () => {
      const host = startHost('descriptor-host.ts', 'ulimit -n 512');
      const code = await host.exited;
      expect(code, host.stderr()).toBe(0);
      const lines = host
        .stdout()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines[0]).toEqual({ exhausted: 'EMFILE' });
      const warnings = lines.filter((line) => 'warn' in line).map((line) => String(line.warn));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(
        /^spawn helper unavailable \(too few file descriptors.*EMFILE.*spawned from the host/,
      );
      const results = lines.filter((line) => 'decision' in line);
      expect(results).toHaveLength(3);
      for (const result of results) {
        expect(result.decision).toBe('block');
        expect(result.reason).toMatch(/could not start: .*EMFILE/);
      }
      expect(lines.at(-1)).toEqual({ done: true });
      expect(markedProcesses(host.marker)).toEqual([]);
    },
    HOST_START_MS + 30_000,
  );
});

describe('a host with its own SIGINT handler', () => {
  it(
    'receiving SIGINT while the helper starts a long hook: the hook ends, its group is gone',
    async () => {
      const host = startHost('signal-host.ts', 'true');
      // The hook sleeps 30 s with a 60 s timeout: only the signal can end its run this soon.
      const ended = await eventually(() => host.stdout().includes('result '), HOST_START_MS);
      expect(host.stdout(), host.stderr()).toContain('handled SIGINT');
      expect(ended, host.stderr()).toBe(true);
      expect(host.stdout()).toMatch(/killed by SIGTERM/);
      expect(await host.exited).toBe(0);
      expect(await eventually(() => markedProcesses(host.marker).length === 0)).toBe(true);
    },
    HOST_START_MS + 30_000,
  );
});

describe('the run path', () => {
  const LIB = path.resolve(import.meta.dirname, '../../lib');
  const sources = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? sources(file) : file.endsWith('.ts') ? [file] : [];
    });

  // The one exception: the NATS clients are optional peers, loaded when a broker executor first connects (the
  // JetStream one when the durable lane is first used), so that the package works without them.
  const OPTIONAL_PEERS = new Set([
    path.join(LIB, 'broker', 'connection.ts'),
    path.join(LIB, 'broker', 'durableLane.ts'),
  ]);

  it('imports nothing lazily outside the CLI (a one-shot process that loads its engine on demand)', () => {
    const lazy = sources(LIB)
      .filter((file) => !file.startsWith(path.join(LIB, 'cli') + path.sep) && !OPTIONAL_PEERS.has(file))
      // A type query (`import('x').Name`) loads nothing; a dynamic import is `import('x')` not followed by a dot.
      .filter((file) =>
        /(?<![\w.])import\s*\(\s*['"`][^'"`]+['"`]\s*\)(?!\s*\.\s*[A-Z])/.test(readFileSync(file, 'utf8')),
      );
    expect(lazy).toEqual([]);
  });
});
