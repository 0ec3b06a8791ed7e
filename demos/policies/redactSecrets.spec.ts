/** Policy 3 (redact secrets): table of tool results, requests and responses through the real engine, and the node command-hook form. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HookInput, HookResult } from '../../lib/index.js';
import { afterModel, afterTool, beforeModel, runPolicy } from '../../lib/testing/index.js';
import { decideSecrets, redactSecretsHook, redactText } from './redactSecrets.js';
import { makeProjectDir, runCommandPolicy } from './testSupport.js';

// Token-shaped test data, assembled so that no complete secret-looking literal sits in the source.
const AWS_KEY = ['AKIA', 'Q3EGRZ7XK2MBN4TD'].join('');
const AWS_DOC_EXAMPLE = ['AKIA', 'IOSFODNN7EXAMPLE'].join('');
const GH_TOKEN = ['ghp', '_', 'x7Yp2Lq9Rk4Zs8Tn3Vb6Wm1Hc5Jd0FgA2eQu'].join('');
const GH_PAT = ['github', '_pat_', '11ABCDEFG0aBcDeFgHiJkL_mNoPqRsTuVwXyZ0123456789'].join('');
const PEM = [
  '-----BEGIN OPENSSH ',
  'PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH ',
  'PRIVATE KEY-----',
].join('');
const ENV_FILE = ['DATABASE_URL=postgres://localhost/app', 'STRIPE_SECRET_KEY=sk_live_9f8e7d6c5b4a', 'DEBUG=true'].join(
  '\n',
);

const read = (file: string, content: string) =>
  afterTool('read_file', { file_path: file }, { llmContent: content }, { cwd: '/work/proj' });
const shellOut = (output: string) =>
  afterTool('run_shell_command', { command: 'env' }, { output }, { cwd: '/work/proj' });
const reply = (text: string) =>
  afterModel({ model: 'm' }, { text, candidates: [{ content: { role: 'model', parts: [text] } }] });
const request = (content: string) =>
  beforeModel({
    model: 'm',
    config: { temperature: 0 },
    messages: [
      { role: 'user', content: 'hi' },
      { role: 'tool', content, ref: 'contents/1' },
    ],
  });

/** What the host would pass on: the displayed/forwarded data of the result. */
const forwarded = (result: HookResult): unknown =>
  result.event === 'AfterModel'
    ? result.llmResponse
    : result.event === 'BeforeModel'
      ? result.llmRequest
      : result.additionalContext;

const options = { allowValues: [AWS_DOC_EXAMPLE], allowFiles: ['spec/fixtures/'] };
const CASES: [label: string, event: HookInput, secret: string | undefined, kinds: string[]][] = [
  ['an AWS key in a file read', read('config/aws.json', `{"key":"${AWS_KEY}"}`), AWS_KEY, ['aws-access-key']],
  ['a GitHub token in shell output', shellOut(`GH_TOKEN_X=1\ntoken is ${GH_TOKEN}`), GH_TOKEN, ['github-token']],
  ['a fine-grained GitHub PAT', shellOut(`pat: ${GH_PAT}`), GH_PAT, ['github-token']],
  ['a private key block', read('deploy/id_ed25519', PEM), PEM, ['private-key']],
  ['.env secret values', read('.env', ENV_FILE), 'sk_live_9f8e7d6c5b4a', ['env-secret']],
  ['a secret in a model response', reply(`Use ${GH_TOKEN} to log in.`), GH_TOKEN, ['github-token']],
  ['a key in a request message', request(`cat output:\n${PEM}`), PEM, ['private-key']],
  // Near-misses that must pass untouched.
  ['AWS’s documented example key (allow-listed value)', read('docs/aws.md', `e.g. ${AWS_DOC_EXAMPLE}`), undefined, []],
  ['a token in a test fixture (allow-listed files)', read('spec/fixtures/tokens.txt', GH_TOKEN), undefined, []],
  ['a reference, not a value', read('.env.example', 'API_KEY=${API_KEY}\nPASSWORD=<your password>'), undefined, []],
  ['too short to be a key', shellOut('AKIA1234 and ghp_short'), undefined, []],
  ['a clean model response', reply('All 42 tests pass.'), undefined, []],
  ['a clean request', request('nothing to see'), undefined, []],
];

describe('redact-secrets: decisions through the real engine', () => {
  it.each(CASES)('%s', async (_label, event, secret, kinds) => {
    const result = await runPolicy(redactSecretsHook(options), event);
    expect(result.blocked).toBe(false);
    if (secret === undefined) {
      expect(result).toMatchObject({ suppressOutput: false, hooks: [{ outcome: 'success' }] });
      expect(result.systemMessage).toBeUndefined();
      return;
    }
    expect(JSON.stringify(forwarded(result))).not.toContain(secret.slice(0, 20));
    if (event.hook_event_name === 'AfterTool') {
      expect(result.suppressOutput).toBe(true);
      expect(result.systemMessage).toMatch(new RegExp(`^The output of ${event.tool_name} was hidden: it contains 1 `));
      expect(result.additionalContext).toMatch(/^SECURITY NOTICE: .*do not repeat, quote/);
    } else {
      expect(JSON.stringify(forwarded(result))).toContain(`[REDACTED:${kinds[0]}]`);
    }
  });

  it('rewrites every copy in a response and keeps the rest of it', async () => {
    const result = await runPolicy(redactSecretsHook(), reply(`a ${AWS_KEY} b ${AWS_KEY}`));
    expect(result.llmResponse).toEqual({
      text: 'a [REDACTED:aws-access-key] b [REDACTED:aws-access-key]',
      candidates: [{ content: { role: 'model', parts: ['a [REDACTED:aws-access-key] b [REDACTED:aws-access-key]'] } }],
    });
    expect(result.systemMessage).toBe("Redacted 1 AWS access key from the model's response.");
  });

  it('redacts request messages but keeps model, config and message refs', async () => {
    const result = await runPolicy(redactSecretsHook(), request(ENV_FILE));
    expect(result.llmRequest).toEqual({
      model: 'm',
      config: { temperature: 0 },
      messages: [
        { role: 'user', content: 'hi' },
        {
          role: 'tool',
          content: 'DATABASE_URL=postgres://localhost/app\nSTRIPE_SECRET_KEY=[REDACTED:env-secret]\nDEBUG=true',
          ref: 'contents/1',
        },
      ],
    });
  });

  it('names what it found, and keeps quoted values whole', () => {
    expect(redactText(`DB_PASSWORD="two words"\n${AWS_KEY}`).text).toBe(
      'DB_PASSWORD="[REDACTED:env-secret]"\n[REDACTED:aws-access-key]',
    );
    expect(decideSecrets(shellOut(`${AWS_KEY} ${GH_TOKEN} ${GH_PAT}`))?.systemMessage).toBe(
      'The output of run_shell_command was hidden: it contains 1 AWS access key and 2 GitHub tokens.',
    );
  });
});

describe('redact-secrets: the node command hook shares the decision', () => {
  let project: ReturnType<typeof makeProjectDir>;
  beforeAll(() => {
    project = makeProjectDir();
  });
  afterAll(() => {
    project.remove();
  });

  it.each([
    ['a tool result with a token', shellOut(`token ${GH_TOKEN}`)],
    ['a model response with a key', reply(`key: ${AWS_KEY}`)],
    ['a fixture the allow-list exempts', read('spec/fixtures/tokens.txt', GH_TOKEN)],
  ])('%s', async (_label, event) => {
    const moved = { ...event, cwd: project.dir } as HookInput;
    const run = await runCommandPolicy('redact-secrets', moved, { projectDir: project.dir, policyOptions: options });
    expect(run.outcome).toBe('success');
    expect(run.output).toEqual(decideSecrets(moved, { ...options, projectDir: project.dir }));
  });
});
