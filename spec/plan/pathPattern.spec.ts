import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchesPathRule, parsePathRule, wildcardMatch } from '../../lib/plan/pathPattern.js';

const context = { cwd: '/repo/app', projectDir: '/repo', home: '/home/u' };
const matches = (specifier: string, file: string) => matchesPathRule(parsePathRule(specifier), file, context);

describe('wildcardMatch', () => {
  it.each([
    ['git * main', 'git merge main', true],
    ['git * main', 'git main', false],
    ['* --version', 'node --version', true],
    ['npm run build', 'npm run build', true],
    ['npm run build', 'npm run build:dev', false],
    ['ls*', 'lsof', true],
    ['a*b*c', 'a/x b y c', true],
    ['*', '', true],
    ['', '', true],
    ['a?c', 'abc', false],
  ])('%j against %j is %s', (pattern, text, expected) => {
    expect(wildcardMatch(pattern, text)).toBe(expected);
  });

  it('is fast on patterns that make a backtracking regex explode', () => {
    const text = `${'a'.repeat(5000)}c`;
    expect(wildcardMatch('*a*a*a*a*a*a*a*b', text)).toBe(false);
  });

  it('law: agrees with an anchored regular expression built from the same pattern', () => {
    const piece = fc.constantFrom('a', 'b', '*', ' ', '/');
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 8 }),
        fc.array(fc.constantFrom('a', 'b', ' ', '/'), { maxLength: 10 }),
        (pattern, text) => {
          const source = pattern.join('');
          const reference = new RegExp(`^${source.replace(/[.+?^${}()|[\]\\/]/g, '\\$&').replace(/\*/g, '.*')}$`, 's');
          expect(wildcardMatch(source, text.join(''))).toBe(reference.test(text.join('')));
        },
      ),
    );
  });
});

describe('parsePathRule', () => {
  it('reads the four anchors', () => {
    expect(parsePathRule('//etc/passwd')).toEqual({ anchor: 'root', segments: ['etc', 'passwd'] });
    expect(parsePathRule('~/Documents/*.pdf')).toEqual({ anchor: 'home', segments: ['Documents', '*.pdf'] });
    expect(parsePathRule('/src/**/*.ts')).toEqual({ anchor: 'project', segments: ['src', '**', '*.ts'] });
    expect(parsePathRule('./config/a.json')).toEqual({ anchor: 'cwd', segments: ['config', 'a.json'] });
  });

  it('lets a pattern without a slash match at any depth, and an empty one match everything below its anchor', () => {
    expect(parsePathRule('.env*')).toEqual({ anchor: 'cwd', segments: ['**', '.env*'] });
    expect(parsePathRule('secrets/')).toEqual({ anchor: 'cwd', segments: ['**', 'secrets'] });
    expect(parsePathRule('~')).toEqual({ anchor: 'home', segments: ['**'] });
  });
});

describe('matchesPathRule', () => {
  it.each([
    // Bare names match at any depth below the current directory.
    ['.env*', '/repo/app/.env', true],
    ['.env*', '/repo/app/config/.env.local', true],
    ['.env*', '/repo/.env', false],
    ['*.ts', 'src/a.ts', true],
    ['*.ts', '/repo/app/src/a.tsx', false],
    // `/p` is the project root, not the filesystem root.
    ['/src/**/*.ts', '/repo/src/deep/x/a.ts', true],
    ['/src/**/*.ts', '/repo/src/a.ts', true],
    ['/src/**/*.ts', '/src/a.ts', false],
    ['//etc/**', '/etc/passwd', true],
    ['//etc/**', '/repo/etc/passwd', false],
    ['~/.ssh/*', '/home/u/.ssh/id_rsa', true],
    ['~/.ssh/*', '~/.ssh/id_rsa', true],
    ['./config/*.json', '/repo/app/config/a.json', true],
    ['./config/*.json', '/repo/app/config/sub/a.json', false],
    // A directory that matches covers the files inside it.
    ['secrets/', '/repo/app/x/secrets/key.pem', true],
    ['/docs', '/repo/docs/guide/intro.md', true],
    ['src/**', '/repo/app/src/a/b.ts', true],
    ['src/*.ts', '/repo/app/src/a/b.ts', false],
    // Character classes, ? and escapes.
    ['file[0-9].txt', '/repo/app/file7.txt', true],
    ['file[!0-9].txt', '/repo/app/file7.txt', false],
    ['a?.md', '/repo/app/ab.md', true],
    ['a\\*.md', '/repo/app/a*.md', true],
    ['a\\*.md', '/repo/app/ab.md', false],
    // Paths are normalised before matching.
    ['/src/*.ts', '/repo/app/../src/./a.ts', true],
  ])('%j covers %j: %s', (specifier, file, expected) => {
    expect(matches(specifier, file)).toBe(expected);
  });

  it('never matches outside the anchor or the anchor itself', () => {
    expect(matches('**', '/elsewhere/a')).toBe(false);
    expect(matches('/**', '/repo')).toBe(false);
  });
});
