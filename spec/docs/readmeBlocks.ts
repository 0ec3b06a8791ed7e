/**
 * What spec/docs/readme.spec.ts needs to run the documentation's code as a package user would: the fenced blocks
 * of README.md and of every docs/*.md page with the harness marker above each, and a scratch directory outside
 * the repository whose
 * node_modules links `hookstream` to this package (resolved through its `exports` to the built dist/, as an
 * installed copy would be) and every other package to ours (rxjs, vitest, tsx, @types/node, …).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const README_PATH = join(ROOT, 'README.md');
export const DOCS_DIR = join(ROOT, 'docs');

/** One fenced block of the README. */
export interface ReadmeBlock {
  /** The fence's info string: `ts`, `bash`, `jsonc`, … (`''` when none). */
  readonly lang: string;
  readonly code: string;
  /** The harness named by the `<!-- readme.spec: <id> -->` line above the fence (blank lines between allowed). */
  readonly id: string | undefined;
  /** 1-based line of the opening fence, for messages. */
  readonly line: number;
}

const MARKER = /^<!-- readme\.spec: ([\w-]+) -->$/;

/** Every fenced block of `markdown`, in order. */
export const readmeBlocks = (markdown: string): ReadmeBlock[] => {
  const lines = markdown.split('\n');
  const blocks: ReadmeBlock[] = [];
  for (let index = 0; index < lines.length; index++) {
    const opening = /^```(\S*)\s*$/.exec(lines[index] ?? '');
    if (!opening) continue;
    const start = index;
    // A block runs to the next bare fence; README blocks never nest fences.
    while (index + 1 < lines.length && lines[index + 1] !== '```') index++;
    // Prettier puts a blank line between an HTML comment and the fence: the marker is the last non-blank line.
    let above = start - 1;
    while (above >= 0 && lines[above]?.trim() === '') above--;
    const marker = MARKER.exec(lines[above] ?? '');
    blocks.push({
      lang: opening[1] ?? '',
      code: lines.slice(start + 1, index + 1).join('\n'),
      id: marker?.[1],
      line: start + 1,
    });
    index++;
  }
  return blocks;
};

export const readReadme = (): string => readFileSync(README_PATH, 'utf8');

/** README.md, then every docs/*.md by name: the pages whose blocks the specs run or validate. */
export const docFiles = (): string[] => [
  README_PATH,
  ...readdirSync(DOCS_DIR)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => join(DOCS_DIR, name)),
];

/** A fenced block of one of the documentation pages. */
export interface DocBlock extends ReadmeBlock {
  /** The page, relative to the repository: `README.md`, `docs/security.md`, … */
  readonly file: string;
}

/** Every fenced block of README.md and docs/*.md, page by page, in order. */
export const docBlocks = (): DocBlock[] =>
  docFiles().flatMap((path) =>
    readmeBlocks(readFileSync(path, 'utf8')).map((block) => ({ ...block, file: relative(ROOT, path) })),
  );

/** `docs/security.md:42`: where a block is, for messages and test names. */
export const where = (block: DocBlock): string => `${block.file}:${block.line}`;

/** A TypeScript block: what the spec must type-check and run. */
export const isTypeScript = (block: ReadmeBlock): boolean => block.lang === 'ts' || block.lang === 'typescript';

/**
 * A fresh scratch directory with `node_modules/hookstream` → this package and every dependency linked from
 * ours; `remove()` deletes it (the links only, never what they point to).
 */
export const createScratch = (): { dir: string; remove: () => void } => {
  const dir = mkdtempSync(join(tmpdir(), 'hookstream-readme-'));
  const modules = join(dir, 'node_modules');
  mkdirSync(modules);
  for (const name of readdirSync(join(ROOT, 'node_modules'))) {
    if (name === 'hookstream' || name.startsWith('.')) continue;
    symlinkSync(join(ROOT, 'node_modules', name), join(modules, name));
  }
  symlinkSync(ROOT, join(modules, 'hookstream'), 'dir');
  return {
    dir,
    remove: () => {
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

/** The type-check settings of a strict host project (the repository's own, minus its extra index checks). */
export const SCRATCH_TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'nodenext',
    moduleResolution: 'nodenext',
    lib: ['ES2023'],
    types: ['node'],
    strict: true,
    isolatedModules: true,
    verbatimModuleSyntax: true,
    skipLibCheck: true,
    noEmit: true,
  },
};
