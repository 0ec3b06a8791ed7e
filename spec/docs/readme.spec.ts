/**
 * The documentation's code must work as written. Every TypeScript block of README.md and of docs/*.md carries a
 * line `<!-- readme.spec: <id> -->` above it naming its harness (spec/docs/readmeHarnesses.ts); for each block
 * this spec
 * - type-checks it, with its harness, under `strict` — importing `hookstream`, `hookstream/testing` and
 *   `hookstream/seed` by name, as a package user does (resolved through the package's `exports` to dist/);
 * - runs it: a program or fragment under node + tsx, checking what it printed; the test-kit block (a vitest spec
 *   file) is imported here, so its own tests run as tests of this spec.
 * The hand-composed pipeline block is also run with `runParallel` in place of `runHooks`, to prove its check
 * catches a sequential chain run in parallel. The files live in a scratch directory outside the repository
 * (readmeBlocks.ts), removed afterwards.
 */
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createScratch,
  docBlocks,
  isTypeScript,
  readmeBlocks,
  readReadme,
  ROOT,
  SCRATCH_TSCONFIG,
  where,
} from './readmeBlocks.js';
import { HARNESSES, type Harness } from './readmeHarnesses.js';

const exec = promisify(execFile);

const blocks = docBlocks();
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

// The files the blocks use: the test kit page's own no-etc.sh for the test kit, a settings file `required: true`.
const noEtc = blocks.find((block) => block.lang === 'bash' && block.code.includes('hooks/no-etc.sh'));
mkdirSync(join(scratch.dir, 'hooks'));
writeFileSync(join(scratch.dir, 'hooks', 'no-etc.sh'), `${noEtc?.code ?? 'exit 1'}\n`);
chmodSync(join(scratch.dir, 'hooks', 'no-etc.sh'), 0o755);
writeFileSync(join(scratch.dir, 'hooks.json'), JSON.stringify({ tools: { enableHooks: true }, hooks: {} }));

// The pipeline with runParallel where the page has runHooks must fail the pipeline check.
const pipeline = harnessed.find((entry) => entry.id === 'pipeline');
const oldPipelineFile = join(scratch.dir, 'old-pipeline.mts');
writeFileSync(
  oldPipelineFile,
  `import { runParallel } from 'hookstream/compose';\n${(pipeline?.block.code ?? '').replace('runHooks(executor)', 'runParallel(executor)')}\n`,
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
    const firstBlock = readmeBlocks(readReadme())[0]?.code ?? '';
    expect(firstBlock).toMatch(/npm install && npm run demo/);
    expect(firstBlock).toMatch(/npm test/);
  });
});

describe('README.md and docs/*.md', () => {
  it('name a harness above every TypeScript block, and have a block for every harness', () => {
    const unnamed = typescript.filter((block) => block.id === undefined || HARNESSES[block.id] === undefined);
    expect(
      unnamed.map((block) => `${where(block)} (${block.id ?? 'no marker'})`),
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

  it("list every folder of lib/ in docs/architecture.md's Floors table, and no other", () => {
    const architecture = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
    const start = architecture.indexOf('\n## Floors');
    expect(start, 'docs/architecture.md has a "## Floors" section').toBeGreaterThan(0);
    const next = architecture.indexOf('\n## ', start + 1);
    const section = architecture.slice(start, next < 0 ? undefined : next);
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
    describe(`block "${id}" (${where(block)})`, () => {
      // Scripts first: tsc keeps running meanwhile.
      if (harness.kind !== 'suite') {
        it('runs and prints what the page says', async () => {
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
    expect(pipeline, 'the docs have a `pipeline` block').toBeDefined();
    const stdout = await runScript(oldPipelineFile);
    expect(stdout.split('\n')[0]).toBe('⛔ notes.md is outside /project');
  }, 90_000);

  it('type-checks with no error outside the blocks (tsc itself ran)', async () => {
    const errors = (await typeErrors).filter((line) => !harnessed.some(({ id }) => line.startsWith(`${id}.mts(`)));
    // Continuation lines of a block's diagnostic are indented; anything else is tsc failing on its own.
    expect(errors.filter((line) => !line.startsWith(' '))).toEqual([]);
  }, 200_000);
});

// The test-kit block (docs/testing-policies.md) is a vitest spec file: imported inside this describe, its tests are tests of this spec, run
// with the scratch directory as cwd (it runs `hooks/no-etc.sh` by a relative path, as a policy repository would).
const testKit = harnessed.find((entry) => entry.harness.kind === 'suite');
if (testKit !== undefined) {
  describe(`block "${testKit.id}" (${where(testKit.block)}) as a vitest spec`, async () => {
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
