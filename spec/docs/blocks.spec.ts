/**
 * Every fenced block of README.md and docs/*.md is run or validated by some spec, and the pages hold together:
 * - `ts` blocks: type-checked and run with their harness (readme.spec.ts);
 * - `json`/`jsonc` blocks: parsed, loaded and validated as settings (readmeSettings.spec.ts, spec/cli/schema.spec.ts);
 * - `bash`/`sh` blocks: syntax-checked by `bash -n` here; the README's hook is run here as a hook, the trust commands
 *   by spec/cli/trustReadme.spec.ts, the worker by readmeWorkers.spec.ts, the test kit's hook by the test kit block;
 * - `js` blocks: syntax-checked by `node --check` here (the worker is run by readmeWorkers.spec.ts);
 * - `python` blocks: compiled by `python3` here (and run by readmeWorkers.spec.ts);
 * - `text` blocks: sample output and diagrams, read by nobody; a block marked for a spec (the trust listing) is
 *   compared with real output there. A block without a language, or in another one, fails here.
 * And: every relative link points to a page and heading that exist, the README stays an overview (≤ 450 lines),
 * and no page cites an issue number.
 */
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { type DocBlock, docBlocks, docFiles, README_PATH, ROOT, where } from './readmeBlocks.js';

const exec = promisify(execFile);
const blocks = docBlocks();
const scratch = mkdtempSync(join(tmpdir(), 'hookstream-docs-'));
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

/** Blocks checked by a spec of their own, by marker: they may be in a language this spec does not check. */
const CHECKED_ELSEWHERE = new Set(['trust-list-output']);
const LANGUAGES = new Set(['ts', 'typescript', 'json', 'jsonc', 'bash', 'sh', 'js', 'python', 'text']);

const fileFor = (block: DocBlock, extension: string): string => {
  const file = join(scratch, `${where(block).replaceAll(/[/:]/g, '-')}.${extension}`);
  writeFileSync(file, `${block.code}\n`);
  return file;
};

/** Runs a checker; resolves with '' when it passes, else with its output, for the message. */
const check = async (command: string, args: string[]): Promise<string> => {
  try {
    await exec(command, args, { timeout: 30_000 });
    return '';
  } catch (error) {
    const { stdout, stderr, message } = error as { stdout?: string; stderr?: string; message: string };
    return `${stdout ?? ''}${stderr ?? ''}`.trim() || message;
  }
};

describe('blocks of README.md and docs/*.md', () => {
  it('each is in a language some spec checks, or marked for a spec that checks it', () => {
    const unchecked = blocks.filter((block) => !LANGUAGES.has(block.lang) && !CHECKED_ELSEWHERE.has(block.id ?? ''));
    expect(
      unchecked.map((block) => `${where(block)} (${block.lang || 'no language'})`),
      'give each block a language (`text` for sample output and diagrams)',
    ).toEqual([]);
  });

  for (const block of blocks.filter((candidate) => candidate.lang === 'bash' || candidate.lang === 'sh')) {
    it(`${where(block)} (${block.lang}) passes bash -n`, async () => {
      expect(await check('bash', ['-n', fileFor(block, 'sh')])).toBe('');
    });
  }

  for (const block of blocks.filter((candidate) => candidate.lang === 'js')) {
    it(`${where(block)} (js) passes node --check`, async () => {
      expect(await check(process.execPath, ['--check', fileFor(block, 'mjs')])).toBe('');
    });
  }

  for (const block of blocks.filter((candidate) => candidate.lang === 'python')) {
    it(`${where(block)} (python) compiles`, async () => {
      const file = fileFor(block, 'py');
      const code = `import sys; compile(open(sys.argv[1]).read(), sys.argv[1], 'exec')`;
      expect(await check('python3', ['-c', code, file])).toBe('');
    });
  }
});

describe("the README's hook script", () => {
  const block = blocks.find((candidate) => candidate.id === 'readme-hook');

  /** Runs the block as a hook with `input` on stdin: its exit code and stderr. */
  const runHook = async (input: object): Promise<{ code: number; stderr: string }> => {
    const file = fileFor(block as DocBlock, 'sh');
    chmodSync(file, 0o755);
    return new Promise((resolve) => {
      const child = execFile(file, [], { timeout: 10_000 }, (error, _stdout, stderr) => {
        resolve({ code: error === null ? 0 : Number((error as { code?: number }).code), stderr });
      });
      child.stdin?.end(JSON.stringify(input));
    });
  };

  it('blocks a write to a .env file with exit 2 and the reason on stderr', async () => {
    expect(block, 'README.md has a bash block marked readme-hook').toBeDefined();
    for (const path of ['.env', 'config/.env']) {
      const run = await runHook({ tool_name: 'write_file', tool_input: { path } });
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/^Writing \.env files is not allowed/);
    }
  });

  it('lets other writes through with exit 0', async () => {
    for (const path of ['notes.md', '.envrc', 'src/env.ts']) {
      expect((await runHook({ tool_name: 'write_file', tool_input: { path } })).code).toBe(0);
    }
  });
});

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as dashes. */
const slug = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replaceAll(/[^\p{L}\p{N}\- _]/gu, '')
    .replaceAll(' ', '-');

/** A page's text outside fenced blocks. */
const unfenced = (markdown: string): string => markdown.replaceAll(/^```[^\n]*\n[\s\S]*?^```$/gm, '');

/** A page's text outside fenced blocks and inline code: where links are. */
const prose = (markdown: string): string => unfenced(markdown).replaceAll(/`[^`\n]*`/g, '');

const anchorsOf = (markdown: string): Set<string> =>
  new Set([...unfenced(markdown).matchAll(/^#{1,6} (.+)$/gm)].map((match) => slug(match[1] ?? '')));

describe('the pages', () => {
  const pages = docFiles().map((file) => ({ file, text: readFileSync(file, 'utf8') }));

  it('link only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const { file, text } of pages) {
      for (const [, target = ''] of prose(text).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target)) continue;
        const [path = '', anchor] = target.split('#');
        const linked = path === '' ? file : join(dirname(file), path);
        if (!existsSync(linked)) broken.push(`${file.slice(ROOT.length)}: ${target} (no such file)`);
        else if (anchor !== undefined && linked.endsWith('.md') && !anchorsOf(readFileSync(linked, 'utf8')).has(anchor))
          broken.push(`${file.slice(ROOT.length)}: ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('cite no issue numbers', () => {
    const cited = pages.flatMap(({ file, text }) =>
      [...text.matchAll(/\bissues? #?\d+|#\d+\b/gi)].map((match) => `${file.slice(ROOT.length)}: ${match[0]}`),
    );
    expect(cited).toEqual([]);
  });

  it('keep the README an overview of at most 450 lines', () => {
    expect(readFileSync(README_PATH, 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(450);
  });
});
