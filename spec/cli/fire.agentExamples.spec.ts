/**
 * Gemini CLI's, Cursor's and Copilot's documented stdin examples through a real `hookstream fire --dialect` with an
 * isolated HOME: the hook gets its own agent's payload back, its agent's variables and hookstream's, and no other
 * agent's — not even ones set in the environment `fire` runs in.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DialectId } from '../../lib/dialects/types.js';
import { COPILOT_PAYLOADS, CURSOR_PAYLOADS, GEMINI_PAYLOADS } from '../fixtures/dialects/agentPayloads.js';
import { CLI_TEST_TIMEOUT_MS, CliWorld } from './cliHarness.js';

const world = new CliWorld();
afterAll(() => world.finish());

/** Variables of every agent: a hook may see only its own agent's. */
const AGENT_PREFIXES = ['GEMINI_', 'CURSOR_', 'COPILOT_', 'CLAUDE_'] as const;
/** Set where `fire` runs, as if it ran inside another agent: none may reach a hook that is not that agent's. */
const HOST = {
  GEMINI_SESSION_ID: 'host-gemini',
  CURSOR_VERSION: 'host-cursor',
  CURSOR_PROJECT_DIR: '/host',
  COPILOT_PLUGIN_ROOT: '/host',
  CLAUDE_PROJECT_DIR: '/host',
};

interface Case {
  dialect: DialectId;
  native: string;
  payload: Record<string, unknown>;
  file: string;
  settings: (command: string) => unknown;
  /** The agent's variables the hook must get, with the value when the example settles it. */
  own: Readonly<Record<string, string | undefined>>;
}

const CASES: readonly Case[] = [
  {
    dialect: 'gemini',
    native: 'BeforeTool',
    payload: GEMINI_PAYLOADS.BeforeTool ?? {},
    file: '.gemini/settings.json',
    settings: (command) => ({ hooks: { BeforeTool: [{ matcher: '.*', hooks: [{ type: 'command', command }] }] } }),
    own: {
      GEMINI_PROJECT_DIR: undefined,
      GEMINI_SESSION_ID: 'a1b2c3',
      GEMINI_CWD: '/work/app',
      CLAUDE_PROJECT_DIR: undefined,
    },
  },
  {
    dialect: 'cursor',
    native: 'beforeShellExecution',
    payload: CURSOR_PAYLOADS.beforeShellExecution ?? {},
    file: '.cursor/hooks.json',
    settings: (command) => ({ version: 1, hooks: { beforeShellExecution: [{ command }] } }),
    own: {
      CURSOR_PROJECT_DIR: undefined,
      CURSOR_VERSION: '2.1.0',
      CURSOR_USER_EMAIL: 'dev@example.org',
      CURSOR_TRANSCRIPT_PATH: '/home/dev/.cursor/projects/app/agent-transcripts/c-7f3e.txt',
      CLAUDE_PROJECT_DIR: undefined,
    },
  },
  {
    dialect: 'copilot',
    native: 'preToolUse',
    payload: COPILOT_PAYLOADS.preToolUse ?? {},
    file: '.github/hooks/guard.json',
    settings: (command) => ({ version: 1, hooks: { preToolUse: [{ type: 'command', bash: command }] } }),
    own: {},
  },
];

const readEnv = (file: string): Map<string, string> =>
  new Map(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

describe.concurrent('hookstream fire: each agent’s documented example', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  for (const { dialect, native, payload, file, settings, own } of CASES) {
    it(`${dialect} ${native}: the hook gets its payload, ${dialect}'s variables and hookstream's, no other agent's`, async () => {
      const where = world.setUpCase(`example-${dialect}`, {}, HOST);
      const stdin = path.join(where.home, 'stdin.json');
      const env = path.join(where.home, 'env.txt');
      const config = world.write(`example-${dialect}/cfg/${file}`, settings(`cat > '${stdin}'; env > '${env}'`));
      const run = await world.fire(where, native, payload, ['--dialect', dialect, '--settings', config]);
      expect(run.run.stderr).toBe('');
      expect(run.run.code).toBe(0);

      const seen = JSON.parse(readFileSync(stdin, 'utf8')) as Record<string, unknown>;
      // `fire` fills the base fields the example lacks; every field the example has comes back as it was.
      expect(seen).toMatchObject(payload);

      const variables = readEnv(env);
      expect(variables.get('HOOKSTREAM_PROJECT_DIR')).toBe(where.project);
      expect(variables.get('HOOKSTREAM_SESSION_ID')).toBeTruthy();
      for (const [name, value] of Object.entries(own)) {
        expect(variables.get(name), name).toBe(value ?? where.project);
      }
      const agents = [...variables.keys()].filter((name) => AGENT_PREFIXES.some((prefix) => name.startsWith(prefix)));
      expect(agents.sort()).toEqual(Object.keys(own).sort());
    });
  }
});
