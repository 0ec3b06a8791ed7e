/**
 * A plugin's or extension's script is hashed from its bundle's root, whatever the approving shell's
 * environment holds: `${CLAUDE_PLUGIN_ROOT}` and Gemini's `${extensionPath}` resolve as the run path resolves them.
 */
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { HookOrigin } from '../../lib/model/types.js';
import { createFingerprinter, type ConfiguredHook } from '../../lib/trust/fingerprint.js';

const root = mkdtempSync(path.join(tmpdir(), 'hookstream-bundle-'));
const project = path.join(root, 'project');
const home = path.join(root, 'home');
const plugin = path.join(home, '.claude', 'plugins', 'cache', 'guard');
mkdirSync(project, { recursive: true });
mkdirSync(path.join(plugin, 'hooks'), { recursive: true });
writeFileSync(path.join(plugin, 'hooks', 'x.sh'), '#!/bin/sh\necho ok\n');

const saved = process.env.CLAUDE_PLUGIN_ROOT;
afterEach(() => {
  if (saved === undefined) delete process.env.CLAUDE_PLUGIN_ROOT;
  else process.env.CLAUDE_PLUGIN_ROOT = saved;
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

const entryOf = (command: string, origin: Partial<HookOrigin>): ConfiguredHook => ({
  event: 'BeforeTool',
  definition: { type: 'command', command },
  origin: Object.assign({ source: 'extension' as const, file: path.join(plugin, 'hooks', 'hooks.json') }, origin),
  sequential: false,
  name: 'guard',
});

describe('fingerprint of a bundle hook', () => {
  it.each([
    ['unset', undefined],
    ['pointing elsewhere', path.join(root, 'elsewhere')],
  ])('hashes ${CLAUDE_PLUGIN_ROOT}/hooks/x.sh with CLAUDE_PLUGIN_ROOT %s in the approving shell', (_case, value) => {
    if (value === undefined) delete process.env.CLAUDE_PLUGIN_ROOT;
    else process.env.CLAUDE_PLUGIN_ROOT = value;
    const entry = entryOf('sh ${CLAUDE_PLUGIN_ROOT}/hooks/x.sh', {
      dialect: 'claude',
      nativeEvent: 'PreToolUse',
      bundle: { root: plugin },
    });
    const fingerprints = createFingerprinter(project, home);
    const subject = fingerprints.subject(entry);
    expect(subject.files.map((file) => file.path)).toEqual([path.join(plugin, 'hooks', 'x.sh')]);
    expect(subject.cannotPin).toEqual([]);
    const before = fingerprints.fingerprint(entry);
    appendFileSync(path.join(plugin, 'hooks', 'x.sh'), 'echo edited\n');
    expect(createFingerprinter(project, home).fingerprint(entry)).not.toBe(before);
  });

  it("hashes a Gemini extension's ${extensionPath} script from the extension's root", () => {
    const entry = entryOf('${extensionPath}/hooks/x.sh', {
      dialect: 'gemini',
      nativeEvent: 'BeforeTool',
      bundle: { root: plugin },
    });
    const subject = createFingerprinter(project, home).subject(entry);
    expect(subject.files.map((file) => `${file.role} ${file.path}`)).toEqual([
      `program ${path.join(plugin, 'hooks', 'x.sh')}`,
    ]);
  });
});
