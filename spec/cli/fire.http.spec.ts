/**
 * HTTP hooks through a real `hookstream fire` (issue 14 item 1): Claude Code settings files holding
 * `type: "http"` hooks, as Claude users write them, against a server this spec runs — over plain http to
 * loopback (allowed by the user's own settings) and over https with a certificate the run is told to trust.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, selfSignedCertificate, startServer, type TestServer } from '../executors/httpHarness.js';
import { CLI_TEST_TIMEOUT_MS, CliWorld, type CliCase } from './cliHarness.js';

const world = new CliWorld();
let server: TestServer;
let secure: TestServer;
let caFile: string;

beforeAll(async () => {
  const deny = answer({
    hookSpecificOutput: {
      hookEventName: 'PreToolUse',
      permissionDecision: 'deny',
      permissionDecisionReason: 'rm -rf is not allowed by the policy server',
    },
  });
  server = await startServer(deny);
  const tls = selfSignedCertificate();
  secure = await startServer(deny, tls);
  caFile = world.write('ca.pem', tls.cert);
});

afterAll(async () => {
  await Promise.all([server.close(), secure.close()]);
  await world.finish();
});

/** A Claude settings object with one PreToolUse http hook on Bash. */
const claudeHttp = (url: string, extra: Record<string, unknown> = {}) =>
  Object.assign({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'http', url }] }] } }, extra);

/** Fires PreToolUse for a Bash `rm -rf build` in the case. */
const fire = (where: CliCase) =>
  world.fire(where, 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf build' } });

describe('hookstream fire: http hooks in Claude Code settings', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('a project .claude/settings.json http hook runs once approved, gets Claude input and its deny blocks', async () => {
    const url = `${server.origin}/claude/pre-tool`;
    const where = world.setUpCase('project-hook', {
      'home/.hookstream/settings.json': { hooksConfig: { http: { allowLoopbackHttp: true } } },
      'home/.claude/settings.json': { allowedHttpHookUrls: [`${server.origin}/claude/*`] },
      'project/.claude/settings.json': claudeHttp(url),
    });
    // Not approved yet: nothing is sent.
    const before = await fire(where);
    expect(before.result?.hooks[0]?.outcome).toBe('untrusted');
    expect(server.received.filter((request) => request.path === '/claude/pre-tool')).toEqual([]);
    await world.approve(where);
    const { run, result } = await fire(where);
    expect(result?.blocked).toBe(true);
    expect(result?.hooks[0]).toMatchObject({ outcome: 'blocked', command: `POST ${url}` });
    expect(result?.reason).toBe('rm -rf is not allowed by the policy server');
    const received = server.received.find((request) => request.path === '/claude/pre-tool');
    expect(JSON.parse(received?.body ?? '{}')).toMatchObject({
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'rm -rf build' },
    });
    expect(run.stderr).not.toContain('Error');
  });

  it('plain http is refused with a warning when no user setting allows it; the event proceeds', async () => {
    const where = world.setUpCase('no-loopback', {
      'home/.claude/settings.json': claudeHttp(`${server.origin}/refused`),
    });
    const { run, result } = await fire(where);
    expect(run.code).toBe(0);
    expect(result?.blocked).toBe(false);
    expect(result?.warnings[0]).toContain('uses plain http:// for an event it can block');
    expect(server.received.filter((request) => request.path === '/refused')).toEqual([]);
  });

  it('a user-scope https hook reaches a server whose CA the run trusts, never through an environment proxy', async () => {
    const url = `${secure.origin}/secure`;
    // A proxy that refuses every connection: were it used (Node 24's NODE_USE_ENV_PROXY), the hook would fail.
    const proxy = { HTTPS_PROXY: 'http://127.0.0.1:9', HTTP_PROXY: 'http://127.0.0.1:9', NODE_USE_ENV_PROXY: '1' };
    const env = Object.assign({ NODE_EXTRA_CA_CERTS: caFile }, proxy);
    const where = world.setUpCase('https', { 'home/.claude/settings.json': claudeHttp(url) }, env);
    const { run, result } = await fire(where);
    // Node 22 announces its experimental proxy agent for `fetch` when NODE_USE_ENV_PROXY is set; nothing else.
    const ours = run.stderr.split('\n').filter((line) => line !== '' && !/UNDICI-EHPA|--trace-warnings/.test(line));
    expect(ours).toEqual([]);
    expect(result?.blocked).toBe(true);
    expect(result?.hooks[0]).toMatchObject({ outcome: 'blocked', command: `POST ${url}` });
  });
});
