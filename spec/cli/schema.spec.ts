/**
 * `hookstream schema`: the JSON Schema generated from the settings codecs. An independent validator (ajv, strict)
 * compiles it and checks the README's settings example and `hookstream init`'s file against it; it rejects the
 * mistakes the loader reports; and over random hooks it agrees with the loader itself, field by field.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadSettingsSync, parseJsonDocument } from '../../lib/config/index.js';
import { JSON_SCHEMA_DRAFT, settingsJsonSchema } from '../../lib/config/jsonSchema.js';
import { HOOK_FIELDS } from '../../lib/dialects/hookstreamFields.js';
import { initialSettings } from '../../lib/cli/init.js';
import { docBlocks, where } from '../docs/readmeBlocks.js';
import { CLI_TEST_TIMEOUT_MS, CliWorld } from './cliHarness.js';

const schema = settingsJsonSchema();
const ajv = new Ajv({ strict: true, allErrors: true }).addSchema({ ...schema, $id: 'settings' });
const validator = (ref: string): ValidateFunction => {
  const found = ajv.getSchema(ref);
  if (found === undefined) throw new Error(`no schema ${ref}`);
  return found;
};
const validate = validator('settings');

/** The validator's verdict, with its errors as `pointer message` lines. */
const check = (value: unknown, against = validate): string[] =>
  against(value) ? [] : (against.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`);

const withHook = (hook: unknown, event = 'BeforeTool'): Record<string, unknown> => ({
  tools: { enableHooks: true },
  hooks: { [event]: [{ matcher: '^write_file$', hooks: [hook] }] },
});

describe('the settings JSON Schema', () => {
  it('is draft-07 and compiles under ajv strict mode', () => {
    expect(schema['$schema']).toBe(JSON_SCHEMA_DRAFT);
    expect(typeof validate).toBe('function');
  });

  it('accepts every settings block of README.md and docs/*.md (JSONC, as the loader reads it); a lone hook as a hook', () => {
    const blocks = docBlocks().filter((block) => block.lang === 'jsonc' || block.lang === 'json');
    expect(blocks.length, 'the docs have jsonc settings blocks').toBeGreaterThan(1);
    for (const block of blocks) {
      const value = parseJsonDocument(block.code).value as Record<string, unknown>;
      const against = 'command' in value ? validator('settings#/definitions/hook') : validate;
      expect(check(value, against), where(block)).toEqual([]);
    }
  });

  it('accepts the settings `hookstream init` writes, `$schema` included', () => {
    expect(check(initialSettings())).toEqual([]);
  });

  it('accepts aliases, x-code flat entries and hooksConfig.env', () => {
    const settings = {
      hooksConfig: { enabled: true, disabled: ['a'], env: { mode: 'no-secrets', allow: ['NPM_TOKEN'] } },
      hooks: {
        PreToolUse: [{ hooks: [{ command: 'a.sh', args: ['x'], env: { A: 'b' }, failurePolicy: 'block' }] }],
        session_start: [{ matcher: 'resume', command: 'b.sh', timeout: 2000 }],
      },
    };
    expect(check(settings)).toEqual([]);
  });

  it.each([
    ['an unknown event', { hooks: { BeforeTol: [] } }, '/hooks must be equal to one of the allowed values'],
    ['a misspelt key', withHook({ comand: 'x', command: 'y' }), '/hooks/BeforeTool/0 must match a schema in anyOf'],
    ['"sequential": "true"', { hooks: { BeforeTool: [{ sequential: 'true', hooks: [] }] } }, 'must be boolean'],
    ['a timeout in words', withHook({ command: 'x', timeout: '5s' }), 'must be integer'],
    ['a zero timeout', withHook({ command: 'x', timeout: 0 }), 'must be >= 1'],
    ['a blank command', withHook({ command: '  ' }), 'must match pattern "\\S"'],
    ['a hook without a command', withHook({ name: 'x' }), "must have required property 'command'"],
    ['an unknown failure policy', withHook({ command: 'x', failurePolicy: 'deny' }), 'must be equal to one of'],
    ['an unknown env mode', { hooksConfig: { env: { mode: 'strict' } } }, 'must be equal to one of'],
    ['enableHooks as a string', { tools: { enableHooks: 'yes' } }, '/tools/enableHooks must be boolean'],
  ])('rejects %s', (_, settings, message) => {
    expect(check(settings).join('\n')).toContain(message);
  });

  // Values of every kind for the hook fields, valid and not; `type` stays "command" ("plugin" is a loader warning).
  const POOLS: Readonly<Record<string, readonly unknown[]>> = {
    type: ['command'],
    command: ['echo hi', '', '  ', 5],
    args: [['a', 'b'], 'a', [1]],
    timeout: [1000, 0, 1.5, '5s', 2_147_483_648],
    env: [{ A: 'b' }, { A: 1 }, ['A']],
    name: ['n', 3],
    description: ['d', null],
    failurePolicy: ['allow', 'block', 'deny'],
    comand: ['typo'],
  };

  it('agrees with the loader on random hooks: valid for the schema exactly when the loader finds no problem', () => {
    expect(Object.keys(POOLS).filter((key) => key !== 'comand' && !(key in HOOK_FIELDS))).toEqual([]);
    const hook = fc.record(
      Object.fromEntries(Object.entries(POOLS).map(([key, pool]) => [key, fc.constantFrom(...pool)])),
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(hook, (candidate) => {
        const settings = withHook(candidate);
        const problems = loadSettingsSync(settings).problems.map((problem) => `${problem.pointer} ${problem.message}`);
        expect(
          check(settings).length === 0,
          `schema: ${check(settings).join('; ')}\nloader: ${problems.join('; ')}`,
        ).toBe(problems.length === 0);
      }),
      { numRuns: 300 },
    );
  });
});

describe('hookstream schema', () => {
  it('prints the schema as JSON on stdout, and writes it with -o', { timeout: CLI_TEST_TIMEOUT_MS }, async () => {
    const world = new CliWorld();
    try {
      const printed = await world.run(['schema']);
      expect(printed.code).toBe(0);
      expect(JSON.parse(printed.stdout)).toEqual(schema);
      const target = `${world.root}/settings.schema.json`;
      const written = await world.run(['schema', '-o', target]);
      expect(written.code).toBe(0);
      expect(written.stdout).toBe(`wrote ${target}\n`);
      const again = await world.run(['schema', '-o', `${world.root}/missing/dir/schema.json`]);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/^hookstream: cannot write the schema to .*missing\/dir\/schema\.json: ENOENT/);
      expect(world.leftovers()).toEqual([]);
    } finally {
      world.cleanup();
    }
  });
});
