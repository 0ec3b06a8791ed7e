/**
 * The program loads a subcommand's module only when that subcommand runs: each name must still reach its own
 * command, and top-level help and commander's suggestions must still see every command.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createProgram, runCli } from '../../lib/cli/program.js';
import type { CliContext } from '../../lib/cli/context.js';

const context = (): { context: CliContext; output: () => string } => {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return {
    context: { stdout, stderr, stdin: new PassThrough(), color: false, cwd: process.cwd(), status: 0 },
    output: () => out,
  };
};

const namesOf = async (only?: string): Promise<string[]> =>
  (await createProgram(context().context, only)).commands.map((command) => command.name());

describe('hookstream program', () => {
  it('defines every command when no single one is named, in help order', async () => {
    const all = await namesOf();
    expect(all.slice(0, 4)).toEqual(['init', 'fire', 'import', 'validate']);
    expect(all).toEqual(expect.arrayContaining(['install', 'uninstall', 'serve', 'worker', 'audit', 'doctor']));
    expect(await namesOf('--help')).toEqual(all);
    expect(await namesOf('no-such-command')).toEqual(all);
  });

  it('loads a named command alone, and every command can be named', async () => {
    const all = await namesOf();
    for (const name of all) expect(await namesOf(name)).toContain(name);
    expect(await namesOf('fire')).toEqual(['fire']);
    expect(await namesOf('uninstall')).toEqual(['install', 'uninstall']);
  });

  it('still suggests the nearest command for a misspelt one, and lists all in help', async () => {
    const misspelt = context();
    expect(await runCli(['fier'], misspelt.context)).toBe(1);
    expect(misspelt.output()).toMatch(/unknown command 'fier'[\s\S]*Did you mean fire\?/);
    const help = context();
    expect(await runCli(['--help'], help.context)).toBe(0);
    for (const name of ['init', 'fire', 'doctor', 'serve', 'uninstall'])
      expect(help.output()).toContain(`\n  ${name} `);
  });

  it('answers a subcommand help from that command alone', async () => {
    const help = context();
    expect(await runCli(['help', 'fire'], help.context)).toBe(0);
    expect(help.output()).toContain('Usage: hookstream fire [options] <event>');
  });
});
