/**
 * Values that look like credentials, whatever their name (lib/core/secretText.ts): well-known token prefixes,
 * JWTs, PEM private keys, URLs with a password and long random tokens are flagged; what every environment
 * holds — paths, PATH-like lists, locales, terminal names, ids, hex digests, words — is not (fast-check over
 * random path-like values). Redaction cuts every known shape and every known value out of a text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { holdsSecretShape, looksSecretValue, redactSecretText } from '../../lib/core/secretText.js';

const SECRETS: readonly [string, string][] = [
  ['GitHub classic', `ghp_${'x7Yq2'.repeat(8)}`],
  ['GitHub OAuth', `gho_${'A1b2C'.repeat(8)}`],
  ['GitHub fine-grained', `github_pat_11ABCDEFG0${'x'.repeat(60)}`],
  ['OpenAI', `sk-proj-${'aB3dE'.repeat(10)}`],
  ['OpenAI legacy', `sk-${'Zz9Yy8Xx7W'.repeat(5)}`],
  ['Anthropic', `sk-ant-api03-${'q'.repeat(80)}`],
  ['Slack', 'xoxb-1234567890-0987654321-AbCdEfGhIjKlMnOp'],
  ['AWS key id', 'AKIAIOSFODNN7EXAMPLE'],
  ['Google API key', 'AIzaSyA1b2C3d4E5f6G7h8I9j0KlMnOpQrStUvW'],
  ['GitLab', 'glpat-abcdefghij0123456789'],
  ['npm', `npm_${'a1B2c3D4e5F6'.repeat(3)}`],
  ['JWT', 'eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dGhpcy1pcy1hLXNpZ25hdHVyZQ'],
  ['PEM', '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----'],
  ['PEM, RSA', '-----BEGIN RSA PRIVATE KEY-----\nMIIEow'],
  ['URL password', 'postgres://app:hunter2@db.internal:5432/app'],
  ['URL password, https', 'https://deploy:s3cr3t@registry.example.com/'],
  ['random token', 'Qm9vbXRvd24tc2VjcmV0LXRva2VuLTIwMjYtMTEtMjg9PQ'],
  ['random token, url-safe', 'a8Fk2_Lq9-Zx3Vb7Nm1Pw5Rt0Yh4Jd6G'],
];

const ORDINARY = [
  '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
  '/home/alice',
  '/Users/JohnSmith2/Library/ApplicationSupport/Code/User',
  'en_US.UTF-8',
  'C.UTF-8',
  'xterm-256color',
  '/bin/bash',
  'unix:path=/run/user/1000/bus',
  'rs=0:di=01;34:ln=01;36:mh=00:pi=40;33',
  '3f786850e387550fdab836ed7e6dc881de23001b', // a commit id
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', // a sha256
  '6ba7b810-9dad-11d1-80b4-00c04fd430c8', // a UUID
  'https://registry.npmjs.org/',
  'https://user@example.com/path', // a user, no password
  'production',
  'NodeJsDevelopmentEnvironmentNumber1', // a long word, low entropy
  'src/components/Button2/PrimaryLarge/index',
  '--max-old-space-size=4096',
  'skip-the-tests', // `sk` inside a word
  'desk-lamp-controller-configuration-2',
];

describe('looksSecretValue', () => {
  it.each(SECRETS)('flags %s', (_kind, value) => {
    expect(looksSecretValue(value)).toBe(true);
  });

  it.each(ORDINARY)('keeps %s', (value) => {
    expect(looksSecretValue(value)).toBe(false);
  });

  it('keeps random path-like values: absolute and relative paths, PATH lists, locales', () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9._-]{1,16}$/);
    const absolute = fc.array(segment, { minLength: 1, maxLength: 8 }).map((parts) => `/${parts.join('/')}`);
    const relative = fc.array(segment, { minLength: 3, maxLength: 8 }).map((parts) => parts.join('/'));
    const list = fc.array(absolute, { minLength: 2, maxLength: 6 }).map((paths) => paths.join(':'));
    const locale = fc
      .tuple(fc.stringMatching(/^[a-z]{2}$/), fc.stringMatching(/^[A-Z]{2}$/))
      .map(([language, region]) => `${language}_${region}.UTF-8`);
    fc.assert(
      fc.property(fc.oneof(absolute, relative, list, locale), (value) => {
        expect(looksSecretValue(value)).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });

  it('flags a token of a known shape wherever it sits in a value', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SECRETS.slice(0, 16).map(([, value]) => value)), fc.string(), (secret, tail) => {
        expect(holdsSecretShape(`prefix ${secret} ${tail}`)).toBe(true);
      }),
    );
  });
});

describe('redactSecretText', () => {
  it('cuts every known shape, keeps the URL without its password, and the rest of the text', () => {
    const text = `pushed with ${SECRETS[0]?.[1] ?? ''} to https://deploy:s3cr3t@registry.example.com/x; ok`;
    expect(redactSecretText(text)).toBe(
      'pushed with [REDACTED] to https://deploy:[REDACTED]@registry.example.com/x; ok',
    );
  });

  it('cuts the known values wherever they are repeated', () => {
    expect(redactSecretText('the key is hunter2, again hunter2.', ['hunter2'])).toBe(
      'the key is [REDACTED], again [REDACTED].',
    );
    expect(redactSecretText('nothing here', ['', 'absent'])).toBe('nothing here');
  });

  it('never leaves a known value in the output (property)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.array(fc.string()), (secret, parts) => {
        // A value that overlaps the marker itself ("C" of "[REDACTED]") shows up through the marker alone.
        fc.pre(!secret.includes('[REDACTED]') && !'[REDACTED]'.includes(secret));
        expect(redactSecretText(parts.join(secret), [secret]).includes(secret)).toBe(false);
      }),
    );
  });
});
