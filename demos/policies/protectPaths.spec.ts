/** Policy 1 (protect paths): table of writes through the real engine, and the node command-hook form. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beforeTool, runPolicy } from '../../lib/testing/index.js';
import { PROTECT_PATHS_MATCHER, decideWrite, protectPathsHook } from './protectPaths.js';
import { makeProjectDir, runCommandPolicy } from './testSupport.js';

const PROJECT = '/work/proj';
const options = { homeDir: '/home/dev' };
const write = (path: string, tool = 'write_file') =>
  beforeTool(tool, { file_path: path, content: 'x' }, { cwd: PROJECT });

const CASES: [label: string, event: ReturnType<typeof write>, expected: RegExp | 'allow'][] = [
  ['a system file', write('/etc/passwd'), /to \/etc\/passwd: it matches the protected path "\/etc\/"/],
  [
    'a parent-directory escape',
    write('../outside.txt'),
    /to \/work\/outside.txt: it is outside the project directory \/work\/proj/,
  ],
  ['an escape hidden in the middle of a path', write('src/../../escape.txt'), /outside the project directory/],
  [
    'git internals, with replace',
    write('.git/config', 'replace'),
    /to .git\/config: it matches the protected path ".git\/"/,
  ],
  ['the .env file, with edit', write('.env', 'edit'), /protected path ".env"/],
  ['an environment-specific .env file', write('config/.env.production'), /protected path ".env.\*"/],
  ['ssh keys via ~', write('~/.ssh/authorized_keys'), /protected path "~\/.ssh\/"/],
  ['/tmp without a writable root', write('/tmp/x.txt'), /outside the project directory/],
  [
    'a sibling whose name starts like the project',
    write('/work/proj-evil/x.ts', 'Write'),
    /to \/work\/proj-evil\/x.ts: it is outside/,
  ],
  ['an absolute path that climbs out', write('/work/proj/sub/../../other/x'), /to \/work\/other\/x: it is outside/],
  // Near-misses that must stay allowed.
  ['a plain source file', write('src/index.ts'), 'allow'],
  ['a `..` that stays inside the project', write('src/../README.md'), 'allow'],
  ['`.` segments', write('./docs/./guide.md'), 'allow'],
  ['the .env example file', write('.env.example'), 'allow'],
  ['an absolute path inside the project', write('/work/proj/notes.txt'), 'allow'],
  ['.gitignore (not .git/)', write('config/.gitignore'), 'allow'],
  ['a file named like env', write('docs/env.md'), 'allow'],
  [
    'a read of /etc (not a write tool)',
    beforeTool('read_file', { file_path: '/etc/passwd' }, { cwd: PROJECT }),
    'allow',
  ],
];

describe('protect-paths: decisions through the real engine', () => {
  it.each(CASES)('%s', async (_label, event, expected) => {
    const result = await runPolicy(protectPathsHook(options), event, { matcher: PROTECT_PATHS_MATCHER });
    if (expected === 'allow') {
      expect(result.blocked).toBe(false);
      expect(result.toolInput).toEqual(event.tool_input);
    } else {
      expect(result).toMatchObject({ blocked: true, decision: 'deny' });
      expect(result.reason).toMatch(expected);
      // The reason tells the model what to do instead.
      expect(result.reason).toMatch(/Write inside the project instead|Do not modify it/);
    }
  });

  it('allows configured writable roots outside the project, but never a protected path inside them', () => {
    const scratch = { ...options, writableRoots: ['/tmp/scratch'] };
    expect(decideWrite(write('/tmp/scratch/out.log'), scratch)).toBeUndefined();
    expect(decideWrite(write('/tmp/scratch/.git/HEAD'), scratch)?.decision).toBe('deny');
    expect(decideWrite(write('/tmp/other.log'), scratch)?.decision).toBe('deny');
  });

  it('checks every path field a tool may use, and custom protected lists', () => {
    expect(decideWrite(beforeTool('Edit', { path: '/etc/hosts' }, { cwd: PROJECT }), options)?.decision).toBe('deny');
    expect(
      decideWrite(beforeTool('write_file', { absolute_path: '/etc/hosts' }, { cwd: PROJECT }), options)?.decision,
    ).toBe('deny');
    expect(decideWrite(write('secrets/db.key'), { ...options, protectedPaths: ['*.key'] })?.reason).toMatch(
      /"\*\.key"/,
    );
    expect(decideWrite(write('.env'), { ...options, protectedPaths: ['*.key'] })).toBeUndefined();
    expect(decideWrite(beforeTool('write_file', {}, { cwd: PROJECT }), options)).toBeUndefined();
  });
});

describe('protect-paths: the node command hook shares the decision', () => {
  let project: ReturnType<typeof makeProjectDir>;
  beforeAll(() => {
    project = makeProjectDir();
  });
  afterAll(() => {
    project.remove();
  });

  it.each([
    ['a write to /etc', '/etc/passwd'],
    ['an escape with ..', 'src/../../escape.txt'],
    ['a write inside the project', 'src/../lib/a.ts'],
  ])('%s', async (_label, file) => {
    const event = beforeTool('write_file', { file_path: file }, { cwd: project.dir });
    const run = await runCommandPolicy('protect-paths', event, { projectDir: project.dir, policyOptions: options });
    const expected = decideWrite(event, { ...options, projectDir: project.dir });
    expect(run.outcome).toBe(expected === undefined ? 'success' : 'blocked');
    expect(run.output).toEqual(expected);
  });
});
