/**
 * Every settings example in README.md and docs/*.md must load as written (JSONC with trailing commas included).
 * Each ```json / ```jsonc block that is a settings object is loaded by
 * the loader at the scope its first comment names — no problem at all — and checked by the real
 * `hookstream validate` — exit 0, no error.
 */
import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { parseJsonDocument } from '../../lib/diagnostics/jsonLocate.js';
import { loadSettingsSync } from '../../lib/config/loadSettings.js';
import { CLI_TEST_TIMEOUT_MS, CliWorld } from '../cli/cliHarness.js';
import { docBlocks, where } from './readmeBlocks.js';

const SETTINGS_KEYS = ['$schema', 'tools', 'hooksConfig', 'hooks', 'sessionPolicies', 'mcpEffects', 'ledger'];

/** JSON(C) blocks whose top level is an object of settings keys only. */
const settingsBlocks = docBlocks().filter((block) => {
  if (block.lang !== 'json' && block.lang !== 'jsonc') return false;
  try {
    const { value } = parseJsonDocument(block.code);
    return (
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      Object.keys(value).length > 0 &&
      Object.keys(value).every((key) => SETTINGS_KEYS.includes(key))
    );
  } catch {
    return false;
  }
});

/**
 * The scope a block is written for, from the file its first comment names: `// ~/.hookstream/settings.json` is
 * user settings, `// /etc/hookstream/…` system settings, anything else (`// .hookstream/settings.json`) project.
 */
const scopeOf = (code: string): 'project' | 'user' | 'system' => {
  const first = code.split('\n')[0] ?? '';
  if (!first.startsWith('//') || /\/\/ \.hookstream\//.test(first)) return 'project';
  if (first.includes('~/.hookstream/')) return 'user';
  return first.includes('/etc/hookstream/') ? 'system' : 'project';
};

const world = new CliWorld();
afterAll(() => {
  world.cleanup();
});

describe('settings examples of README.md and docs/*.md', () => {
  it('include the "Configuring hooks" example', () => {
    expect(settingsBlocks.length).toBeGreaterThan(0);
  });

  // JSON(C) blocks that are not settings objects are skipped above; a block that does not even parse is caught here.
  it('all parse as JSONC', () => {
    const unparsable = docBlocks().filter((block) => {
      if (block.lang !== 'json' && block.lang !== 'jsonc') return false;
      try {
        parseJsonDocument(block.code);
        return false;
      } catch {
        return true;
      }
    });
    expect(unparsable.map(where)).toEqual([]);
  });

  for (const block of settingsBlocks) {
    // A name for the block's scratch files: `docs-configuring.md-12`.
    const name = where(block).replaceAll(/[/:]/g, '-');
    describe(where(block), () => {
      it('loads with no problem', () => {
        const path = world.write(`loader-${name}.json`, block.code);
        expect(loadSettingsSync([{ scope: scopeOf(block.code), path }]).problems).toEqual([]);
      });

      it(
        'passes `hookstream validate`',
        async () => {
          const project = world.dir(`project-${name}`);
          writeFileSync(`${project}/settings.json`, block.code);
          const run = await world.run(['validate', '--settings', `${project}/settings.json`, '--project-dir', project]);
          expect(run.stdout).not.toMatch(/^error:/m);
          expect(run.code).toBe(0);
        },
        CLI_TEST_TIMEOUT_MS,
      );
    });
  }
});
