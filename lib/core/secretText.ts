/**
 * Text that looks like a credential whatever the name it travels under: a `no-secrets` environment drops such
 * values (a token in `CI_DEPLOY_THING` is still a token), and recordings cut them out of every string they
 * write. Two tiers:
 * - shapes that are secrets by construction — well-known token prefixes, JWTs, PEM private keys, URLs with a
 *   password — found anywhere in a text (every regex here is linear: bounded classes, no nested repetition);
 * - for a whole value only, a long random-looking token: 32+ characters of the base64 alphabet, upper and lower
 *   case and digits mixed, high entropy. Hex digests and UUIDs (commit ids, invocation ids) are not flagged,
 *   nor paths (two or more `/`), lists (`:`, `;`, spaces) or words.
 */

// Shapes of issued credentials; each keeps to its own alphabet so a match ends where the token ends.
const TOKEN_SHAPES: readonly string[] = [
  'gh[pousr]_[A-Za-z0-9]{20,}', // GitHub tokens
  'github_pat_[A-Za-z0-9_]{20,}',
  'sk-ant-[A-Za-z0-9_-]{16,}', // Anthropic
  'sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}', // OpenAI and kin
  '(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}', // Stripe
  'xox[abprse]-[A-Za-z0-9-]{10,}', // Slack
  'xapp-[A-Za-z0-9-]{10,}',
  '(?:AKIA|ASIA|AGPA|AIDA|AROA)[0-9A-Z]{16}', // AWS access key ids
  'AIza[0-9A-Za-z_-]{35}', // Google API keys
  'ya29\\.[0-9A-Za-z_-]{20,}', // Google OAuth access tokens
  'glpat-[A-Za-z0-9_-]{20,}', // GitLab
  'npm_[A-Za-z0-9]{36}',
  'pypi-[A-Za-z0-9_-]{50,}',
  'hf_[A-Za-z0-9]{30,}', // Hugging Face
  'dop_v1_[a-f0-9]{64}', // DigitalOcean
  'SG\\.[A-Za-z0-9_-]{16,}\\.[A-Za-z0-9_-]{16,}', // SendGrid
  'eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{4,}\\.[A-Za-z0-9_-]*', // JWT: header.payload.signature
];
// Not in the middle of a longer word: `desk-…` is not an OpenAI key.
const TOKEN = new RegExp(`(?<![A-Za-z0-9_])(?:${TOKEN_SHAPES.join('|')})`, 'g');
// A PEM private key, to its END line when there is one (else to the end of the text).
const PEM =
  /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----|$)/g;
// `scheme://user:password@host`: the password is cut, the rest kept so the text still says where it pointed.
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]{0,30}:\/\/[^\s/@:]{0,256}:)[^\s/@]{1,256}@/gi;

export const REDACTED = '[REDACTED]';

/** Whether a text holds a credential of a known shape (token prefix, JWT, PEM private key, URL password). */
export const holdsSecretShape = (text: string): boolean => {
  TOKEN.lastIndex = 0;
  PEM.lastIndex = 0;
  URL_PASSWORD.lastIndex = 0;
  return TOKEN.test(text) || PEM.test(text) || URL_PASSWORD.test(text);
};

/** Shannon entropy of `text` in bits per character. */
const entropy = (text: string): number => {
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
};

const TOKEN_ALPHABET = /^[A-Za-z0-9+/=_-]{32,}$/;

/** Whether a whole value is a long random token: base64-like, mixed case and digits, high entropy, not a path. */
export const looksRandomToken = (value: string): boolean =>
  TOKEN_ALPHABET.test(value) &&
  value.split('/').length < 3 &&
  /[a-z]/.test(value) &&
  /[A-Z]/.test(value) &&
  /[0-9]/.test(value) &&
  entropy(value) >= 4;

/** Whether an environment variable's value looks like a credential (either tier of the module comment). */
export const looksSecretValue = (value: string): boolean => holdsSecretShape(value) || looksRandomToken(value);

/**
 * `text` with every credential of a known shape replaced by `[REDACTED]` (a URL keeps its user and host), and
 * every occurrence of the `known` values too; the same string when nothing matched.
 */
export const redactSecretText = (text: string, known: readonly string[] = []): string => {
  let out = text;
  for (const value of known) if (value !== '' && out.includes(value)) out = out.split(value).join(REDACTED);
  return out.replace(TOKEN, REDACTED).replace(PEM, REDACTED).replace(URL_PASSWORD, `$1${REDACTED}@`);
};
