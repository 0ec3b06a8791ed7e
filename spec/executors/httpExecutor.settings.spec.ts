/**
 * HTTP hooks' allowlists from settings files, through `createHookSystem` (issue 14 item 1): hookstream's
 * `hooksConfig.http` and Claude Code's `allowedHttpHookUrls` / `httpHookAllowedEnvVars` count in user and
 * system (managed) settings; a project file's lists are reported and ignored, so a repository cannot widen
 * where its hooks may send the session's data, nor which variables reach their headers.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SettingsFile } from '../../lib/config/loadSettings.js';
import { createHookSystem, type HookSystem } from '../../lib/system/createHookSystem.js';
import type { HookSystemOptions } from '../../lib/system/options.js';
import { answer, startServer, type TestServer } from './httpHarness.js';

let dir: string;
let server: TestServer;
const systems: HookSystem[] = [];

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'hookstream-http-settings-'));
  server = await startServer(answer({ decision: 'block', reason: 'denied by the policy server' }));
});

afterEach(async () => {
  await Promise.all(systems.splice(0).map((system) => system.dispose()));
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Writes `content` as JSON to `name` under the case's directory and returns the path. */
const write = (name: string, content: unknown): string => {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(content));
  return file;
};

const system = (settings: SettingsFile[], extra: Partial<HookSystemOptions> = {}): HookSystem => {
  const created = createHookSystem(Object.assign({ settings, projectDir: dir, trust: false as const }, extra));
  systems.push(created);
  return created;
};

const hookstreamHooks = (url: string) => ({
  tools: { enableHooks: true },
  hooks: { BeforeTool: [{ hooks: [{ type: 'http', url, name: 'policy' }] }] },
});

const claudeHooks = (url: string, extra: Record<string, unknown> = {}) =>
  Object.assign({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'http', url }] }] } }, extra);

/** hookstream's user file and a project file, both standard scopes. */
const userAndProject = (user: string, project: string, extra: Partial<HookSystemOptions> = {}): HookSystem =>
  system(
    [
      { scope: 'user', path: user },
      { scope: 'project', path: project },
    ],
    extra,
  );

/** A user file allowing `allowedUrls` (plain http to loopback too, for the spec's server). */
const userAllowing = (allowedUrls: unknown): string =>
  write('user.json', { hooksConfig: { http: { allowedUrls, allowLoopbackHttp: true } } });

/** hookstream's user file allowing loopback http, and Claude Code's user and project settings. */
const claudeSystem = (user: unknown, project: unknown) => {
  const loopback = write('hookstream-user.json', { hooksConfig: { http: { allowLoopbackHttp: true } } });
  const projectFile = write('claude-project.json', project);
  const hooks = system([
    { scope: 'user', path: loopback },
    { scope: 'user', path: write('claude-user.json', user), dialect: 'claude', dialectScope: 'user' },
    { scope: 'project', path: projectFile, dialect: 'claude', dialectScope: 'project' },
  ]);
  return { hooks, projectFile };
};

/** The warning that a project file's list at `pointer` was ignored. */
const ignoredInProject = (file: string, pointer: string): unknown =>
  expect.objectContaining({
    severity: 'warning',
    file,
    pointer,
    message: 'honoured in user and system settings only; ignored in project settings',
  });

const fireBash = (hooks: HookSystem) => hooks.fire('BeforeTool', { tool_name: 'Bash', tool_input: { command: 'ls' } });

describe('hookstream settings: hooksConfig.http', () => {
  it("a user file's allowlist holds; the project file's own list cannot widen it and is reported", async () => {
    const user = userAllowing([`${server.origin}/allowed/*`]);
    const project = write(
      'project.json',
      Object.assign(hookstreamHooks(`${server.origin}/other`), { hooksConfig: { http: { allowedUrls: ['*'] } } }),
    );
    const hooks = userAndProject(user, project);
    expect(hooks.problems).toContainEqual(ignoredInProject(project, '/hooksConfig/http'));
    const result = await fireBash(hooks);
    expect(result.blocked).toBe(false);
    expect(result.hooks[0]).toMatchObject({ outcome: 'failed' });
    expect(result.warnings).toEqual([
      `Hook "policy" was not sent: "${server.origin}/other" is not in the allowed HTTP hook URLs ("${server.origin}/allowed/*")`,
    ]);
    expect(server.received).toEqual([]);
  });

  it('a URL the user allows runs, and its answer blocks the event', async () => {
    const user = userAllowing([`${server.origin}/allowed/*`]);
    const project = write('project.json', hookstreamHooks(`${server.origin}/allowed/pre-tool`));
    const result = await fireBash(userAndProject(user, project));
    expect(result).toMatchObject({ blocked: true, reason: 'denied by the policy server' });
  });

  it('an unreadable allowlist allows nothing rather than everything', async () => {
    const user = userAllowing('https://*');
    const project = write('project.json', hookstreamHooks(`${server.origin}/x`));
    const hooks = userAndProject(user, project);
    expect(hooks.problems).toContainEqual(
      expect.objectContaining({
        severity: 'error',
        pointer: '/hooksConfig/http/allowedUrls',
        message: 'invalid value for "allowedUrls"; treated as allowing nothing',
      }),
    );
    const result = await fireBash(hooks);
    expect(result.warnings[0]).toContain('is not in the allowed HTTP hook URLs (an empty list: none is allowed)');
  });

  it("the host's http.allowedUrls restricts on top of the settings'", async () => {
    const project = write('project.json', hookstreamHooks(`${server.origin}/x`));
    const hooks = system([{ scope: 'project', path: project }], {
      http: { allowLoopbackHttp: true, allowedUrls: ['https://policy.example.com/*'] },
    });
    const result = await fireBash(hooks);
    expect(result.warnings).toEqual([
      `Hook "policy" was not sent: "${server.origin}/x" is not in the allowed HTTP hook URLs ("https://policy.example.com/*")`,
    ]);
  });
});

describe('Claude Code settings: allowedHttpHookUrls and httpHookAllowedEnvVars', () => {
  it("are honoured in the user's file and ignored, with a warning, in the project's", async () => {
    const { hooks, projectFile } = claudeSystem(
      { allowedHttpHookUrls: [`${server.origin}/claude/*`] },
      claudeHooks(`${server.origin}/elsewhere`, { allowedHttpHookUrls: ['*'] }),
    );
    expect(hooks.problems).toContainEqual(ignoredInProject(projectFile, '/allowedHttpHookUrls'));
    const refused = await fireBash(hooks);
    expect(refused.blocked).toBe(false);
    expect(refused.warnings[0]).toContain(`is not in the allowed HTTP hook URLs ("${server.origin}/claude/*")`);
    expect(server.received).toEqual([]);
  });

  it('a Claude project hook to an allowed URL gets PreToolUse input and its deny blocks', async () => {
    const user = { allowedHttpHookUrls: [`${server.origin}/claude/*`], httpHookAllowedEnvVars: ['HOOK_TOKEN'] };
    const project = {
      hooks: {
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [
              {
                type: 'http',
                url: `${server.origin}/claude/pre`,
                headers: { authorization: 'Bearer $HOOK_TOKEN', 'x-other': '$OTHER' },
                allowedEnvVars: ['HOOK_TOKEN', 'OTHER'],
              },
            ],
          },
        ],
      },
    };
    process.env.HOOK_TOKEN = 'tok';
    process.env.OTHER = 'not-for-hooks';
    try {
      const result = await fireBash(claudeSystem(user, project).hooks);
      expect(result.blocked).toBe(true);
      const received = server.received[0];
      expect(JSON.parse(received?.body ?? '')).toMatchObject({ hook_event_name: 'PreToolUse', tool_name: 'Bash' });
      expect(received?.headers.authorization).toBe('Bearer tok');
      expect(received?.headers['x-other']).toBe('');
      expect(result.warnings).toContain(
        `Hook "${server.origin}/claude/pre": header "x-other" references $OTHER, but the allowed HTTP hook variables do not list it; sent empty`,
      );
    } finally {
      delete process.env.HOOK_TOKEN;
      delete process.env.OTHER;
    }
  });
});
