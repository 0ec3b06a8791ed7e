/**
 * The README's code must work as written. Every TypeScript block of README.md carries a line
 * `<!-- readme.spec: <id> -->` above it naming its harness (spec/docs/readmeHarnesses.ts); for each block this spec
 * - type-checks it, with its harness, under `strict` — importing `hookstream`, `hookstream/testing` and
 *   `hookstream/seed` by name, as a package user does (resolved through the package's `exports` to dist/);
 * - runs it: a program or fragment under node + tsx, checking what it printed; the test-kit block (a vitest spec
 *   file) is imported here, so its own tests run as tests of this spec.
 * The hand-composed pipeline block is also run with `runParallel` in place of `runHooks` — the README's pipeline
 * before issue 9 — to prove its check catches a sequential chain run in parallel. The files live in a scratch
 * directory outside the repository (readmeBlocks.ts), removed afterwards.
 */
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratch, isTypeScript, readmeBlocks, readReadme, ROOT, SCRATCH_TSCONFIG } from './readmeBlocks.js';
import { HARNESSES, type Harness } from './readmeHarnesses.js';

const exec = promisify(execFile);

const readme = readReadme();
const blocks = readmeBlocks(readme);
const typescript = blocks.filter(isTypeScript);
const harnessed = typescript.flatMap((block) => {
  const harness = block.id === undefined ? undefined : HARNESSES[block.id];
  return block.id !== undefined && harness !== undefined ? [{ block, id: block.id, harness }] : [];
});

// The scratch directory is filled while this file is collected: the test-kit block is imported at collection.
const scratch = createScratch();
const fileOf = (id: string): string => join(scratch.dir, `${id}.mts`);
const source = (code: string, harness: Harness): string =>
  [harness.prelude ?? '', code, harness.epilogue ?? ''].join('\n').trimStart() + '\n';
for (const { block, id, harness } of harnessed) writeFileSync(fileOf(id), source(block.code, harness));

// The files the blocks use: the README's own no-etc.sh for the test kit, a settings file `required: true`.
const noEtc = blocks.find((block) => block.lang === 'bash' && block.code.includes('hooks/no-etc.sh'));
mkdirSync(join(scratch.dir, 'hooks'));
writeFileSync(join(scratch.dir, 'hooks', 'no-etc.sh'), `${noEtc?.code ?? 'exit 1'}\n`);
chmodSync(join(scratch.dir, 'hooks', 'no-etc.sh'), 0o755);
writeFileSync(join(scratch.dir, 'hooks.json'), JSON.stringify({ tools: { enableHooks: true }, hooks: {} }));

// The old README pipeline — runParallel where the README now has runHooks — must fail the pipeline check.
const pipeline = harnessed.find((entry) => entry.id === 'pipeline');
const oldPipelineFile = join(scratch.dir, 'old-pipeline.mts');
writeFileSync(
  oldPipelineFile,
  `import { runParallel } from 'hookstream';\n${(pipeline?.block.code ?? '').replace('runHooks(executor)', 'runParallel(executor)')}\n`,
);

// One tsc run over every block, started now and read by each block's test: {file → its diagnostics}.
writeFileSync(
  join(scratch.dir, 'tsconfig.json'),
  JSON.stringify({ ...SCRATCH_TSCONFIG, files: harnessed.map(({ id }) => `${id}.mts`) }),
);
const typeErrors: Promise<string[]> = exec(
  process.execPath,
  [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json', '--pretty', 'false'],
  { cwd: scratch.dir, timeout: 180_000 },
).then(
  () => [],
  (error: unknown) => {
    const { stdout, stderr, message } = error as { stdout?: string; stderr?: string; message: string };
    const output = `${stdout ?? ''}${stderr ?? ''}`.trim();
    return (output === '' ? message : output).split('\n');
  },
);

/** Runs a scratch file with node + tsx; resolves with stdout, rejects with stderr in the message. */
const runScript = async (file: string): Promise<string> => {
  try {
    const { stdout } = await exec(process.execPath, ['--import', 'tsx', file], {
      cwd: scratch.dir,
      timeout: 60_000,
      // A scratch HOME: no user settings or trust store of the machine running the spec.
      env: { ...process.env, HOME: scratch.dir },
    });
    return stdout;
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${file} failed:\n${stderr ?? ''}\n${stdout ?? ''}`, { cause: error });
  }
};

afterAll(() => {
  scratch.remove();
});

describe('README', () => {
  it('opens with the two commands: the demo and the test suite', () => {
    const firstBlock = blocks[0]?.code ?? '';
    expect(firstBlock).toMatch(/npm install && npm run demo/);
    expect(firstBlock).toMatch(/npm test/);
  });

  it('names a harness above every TypeScript block, and has a block for every harness', () => {
    const unnamed = typescript.filter((block) => block.id === undefined || HARNESSES[block.id] === undefined);
    expect(
      unnamed.map((block) => `README.md:${block.line} (${block.id ?? 'no marker'})`),
      'put `<!-- readme.spec: <id> -->` above the block and add the id to spec/docs/readmeHarnesses.ts',
    ).toEqual([]);
    const ids = typescript.map((block) => block.id);
    expect(
      ids.filter((id, index) => ids.indexOf(id) !== index),
      'ids used twice',
    ).toEqual([]);
    expect(
      Object.keys(HARNESSES).filter((id) => !ids.includes(id)),
      'harnesses without a block',
    ).toEqual([]);
  });

  it("closes with the root entry point's size before and after issue 9, as api/README.md counts it", () => {
    const counts = readFileSync(join(ROOT, 'api/README.md'), 'utf8');
    const row = (name: string): string[] =>
      new RegExp(`^\\| ${name} +\\| +(\\d+) \\| +(\\d+) \\| +(\\d+) \\|$`, 'm').exec(counts)?.slice(1) ?? [];
    const [before, after] = [row('before'), row('after')];
    expect(before, 'api/README.md has a "before" row: | before | names | values | type-only |').toHaveLength(3);
    expect(after, 'api/README.md has an "after" row').toHaveLength(3);
    const closing = readme.slice(readme.lastIndexOf('\n## ')).replace(/\s+/g, ' ');
    expect(closing).toContain(`exported ${before[0]} names (${before[1]} values, ${before[2]} type-only)`);
    expect(closing).toContain(`exports ${after[0]} (${after[1]} values, ${after[2]} type-only)`);
  });

  it('lists every folder of lib/ in its architecture section, and no other', () => {
    const section = readme.slice(readme.indexOf('\n## Architecture'), readme.indexOf('\n## API'));
    // Folders are named as `name/` (`lib/` itself aside).
    const named = [...section.matchAll(/`(\w+)\/`/g)].map((match) => match[1]).filter((name) => name !== 'lib');
    const folders = readdirSync(join(ROOT, 'lib'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect([...new Set(named)].sort()).toEqual(folders.sort());
  });

  it('is checked against a built dist/', () => {
    expect(existsSync(join(ROOT, 'dist/lib/index.js')), 'run `npm run build` first').toBe(true);
  });

  for (const { block, id, harness } of harnessed) {
    describe(`block "${id}" (README.md:${block.line})`, () => {
      // Scripts first: tsc keeps running meanwhile.
      if (harness.kind !== 'suite') {
        it('runs and prints what the README says', async () => {
          const stdout = await runScript(fileOf(id));
          harness.check?.(stdout);
        }, 90_000);
      }

      it('type-checks under strict, importing hookstream by name', async () => {
        const errors = (await typeErrors).filter((line) => line.startsWith(`${id}.mts(`));
        expect(errors).toEqual([]);
      }, 200_000);
    });
  }

  it('would have caught the old pipeline: with runParallel the sequential chain is lost', async () => {
    expect(pipeline, 'the README has a `pipeline` block').toBeDefined();
    const stdout = await runScript(oldPipelineFile);
    expect(stdout.split('\n')[0]).toBe('⛔ notes.md is outside /project');
  }, 90_000);

  it('type-checks with no error outside the blocks (tsc itself ran)', async () => {
    const errors = (await typeErrors).filter((line) => !harnessed.some(({ id }) => line.startsWith(`${id}.mts(`)));
    // Continuation lines of a block's diagnostic are indented; anything else is tsc failing on its own.
    expect(errors.filter((line) => !line.startsWith(' '))).toEqual([]);
  }, 200_000);
});

// The test-kit block is a vitest spec file: imported inside this describe, its tests are tests of this spec, run
// with the scratch directory as cwd (it runs `hooks/no-etc.sh` by a relative path, as a policy repository would).
const testKit = harnessed.find((entry) => entry.harness.kind === 'suite');
if (testKit !== undefined) {
  describe(`README block "${testKit.id}" as a vitest spec`, async () => {
    const cwd = process.cwd();
    beforeAll(() => {
      process.chdir(scratch.dir);
    });
    afterAll(() => {
      process.chdir(cwd);
    });
    await import(fileOf(testKit.id));
  });
}
