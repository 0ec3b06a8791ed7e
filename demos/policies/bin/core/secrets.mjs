/**
 * Policy core: secrets — AWS access key ids, GitHub tokens, PEM private-key blocks and `.env`-style
 * `SECRET=value` lines — are found and redacted. Used at three points, because AfterTool cannot change
 * a tool's result (functional spec §8):
 * - AfterTool: the result is hidden from the user's display (`suppressOutput`), the user is told why
 *   (`systemMessage`) and the model is told not to repeat or use the values (`additionalContext`);
 * - BeforeModel: secrets are rewritten out of the request's messages before they go to the provider;
 * - AfterModel: secrets are rewritten out of the model's response before anyone sees or runs it.
 * An allow-list (exact values, files under given prefixes) exempts known test fixtures.
 */
import path from 'node:path';

/** Each detector: a kind, a human label, a global pattern, and the capture group(s) to redact (0: all). */
export const DETECTORS = Object.freeze([
  {
    kind: 'private-key',
    label: 'private key block',
    pattern: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----[\s\S]*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY-----|$)/g,
    group: [0],
  },
  { kind: 'aws-access-key', label: 'AWS access key', pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, group: [0] },
  {
    kind: 'github-token',
    label: 'GitHub token',
    pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b/g,
    group: [0],
  },
  {
    kind: 'env-secret',
    label: '.env secret value',
    pattern:
      /^[ \t]*(?:export[ \t]+)?[A-Za-z0-9_]*(?:SECRET|TOKEN|PASSWORD|PASSWD|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|CREDENTIALS?|AUTH)[A-Za-z0-9_]*[ \t]*=[ \t]*(?:"([^"\n]+)"|'([^'\n]+)'|([^\s"'#]+))/gim,
    group: [1, 2, 3],
  },
]);

/** Values that are references or placeholders, not secrets: `${X}`, `$X`, `<token>`, `xxxx`, `changeme`. */
const PLACEHOLDER = /^(?:\$\{?[A-Za-z_]|<|x{3,}$|\*{3,}$|\.{3,}$|changeme$|placeholder$|your[-_])/i;

/**
 * Every secret in `text`, in order, without overlaps.
 *
 * @param {string} text
 * @param {{ allowValues?: readonly string[] }} [options]
 * @returns {{ kind: string, label: string, start: number, end: number }[]}
 */
export function findSecrets(text, options = {}) {
  const allowed = new Set(options.allowValues ?? []);
  const found = [];
  for (const detector of DETECTORS) {
    const pattern = new RegExp(detector.pattern.source, `${detector.pattern.flags}d`);
    for (const match of text.matchAll(pattern)) {
      const span = detector.group.map((group) => match.indices[group]).find(Boolean);
      if (span === undefined) continue;
      const [start, end] = span;
      const value = text.slice(start, end);
      if (
        allowed.has(value) ||
        allowed.has(match[0].trim()) ||
        (detector.kind === 'env-secret' && PLACEHOLDER.test(value))
      )
        continue;
      found.push({ kind: detector.kind, label: detector.label, start, end, value });
    }
  }
  found.sort((a, b) => a.start - b.start);
  return found.filter((finding, index) => index === 0 || finding.start >= found[index - 1].end);
}

/** `text` with every secret replaced by `[REDACTED:<kind>]`, and what was found. */
export function redactText(text, options = {}) {
  const findings = findSecrets(text, options);
  let out = '';
  let at = 0;
  for (const finding of findings) {
    out += `${text.slice(at, finding.start)}[REDACTED:${finding.kind}]`;
    at = finding.end;
  }
  return { text: out + text.slice(at), findings };
}

/** Redacts every string inside a JSON value; returns the new value and all findings. */
export function redactDeep(value, options = {}) {
  const findings = [];
  const walk = (node) => {
    if (typeof node === 'string') {
      const redacted = redactText(node, options);
      findings.push(...redacted.findings);
      return redacted.text;
    }
    if (Array.isArray(node)) return node.map(walk);
    if (node !== null && typeof node === 'object')
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]));
    return node;
  };
  return { value: walk(value), findings };
}

/** "1 AWS access key and 2 GitHub tokens": distinct values, so a response repeating one key counts it once. */
export function describeFindings(findings) {
  const counts = new Map();
  const seen = new Set();
  for (const { label, value } of findings) {
    if (seen.has(value)) continue;
    seen.add(value);
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  const parts = [...counts].map(([label, n]) => `${n} ${label}${n === 1 ? '' : 's'}`);
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** Whether the tool call read a file the allow-list exempts (e.g. `spec/fixtures/`). */
function allowedFile(input, options) {
  const prefixes = options.allowFiles ?? [];
  if (prefixes.length === 0) return false;
  const root = path.resolve(options.projectDir ?? input.cwd);
  const args = input.tool_input ?? {};
  const files = ['file_path', 'path', 'absolute_path'].map((key) => args[key]).filter((v) => typeof v === 'string');
  return (
    files.length > 0 &&
    files.every((file) => {
      const resolved = path.resolve(root, file);
      return prefixes.some((prefix) => {
        const base = path.resolve(root, prefix);
        return resolved === base || resolved.startsWith(`${base}${path.sep}`);
      });
    })
  );
}

/** AfterTool: hide the result, tell the user, and warn the model; undefined when the result is clean. */
export function decideToolResult(input, options = {}) {
  if (allowedFile(input, options)) return undefined;
  const { findings } = redactDeep(input.tool_response, options);
  if (findings.length === 0) return undefined;
  const what = describeFindings(findings);
  return {
    suppressOutput: true,
    systemMessage: `The output of ${input.tool_name} was hidden: it contains ${what}.`,
    hookSpecificOutput: {
      hookEventName: 'AfterTool',
      additionalContext:
        `SECURITY NOTICE: the result of ${input.tool_name} contains ${what}. Treat them as secrets: do not repeat, quote, ` +
        'summarise, write to files or pass them to commands; refer to them as [REDACTED]. ' +
        'If the user should rotate them, say so without showing them.',
    },
  };
}

/** BeforeModel: the request's messages with secrets rewritten; undefined when there is nothing to redact. */
export function decideRequest(input, options = {}) {
  const messages = input.llm_request?.messages;
  if (!Array.isArray(messages)) return undefined;
  const { value, findings } = redactDeep(messages, options);
  if (findings.length === 0) return undefined;
  return { hookSpecificOutput: { hookEventName: 'BeforeModel', llm_request: { messages: value } } };
}

/** AfterModel: the response with secrets rewritten, and a note for the user; undefined when clean. */
export function decideResponse(input, options = {}) {
  const { value, findings } = redactDeep(input.llm_response, options);
  if (findings.length === 0) return undefined;
  return {
    systemMessage: `Redacted ${describeFindings(findings)} from the model's response.`,
    hookSpecificOutput: { hookEventName: 'AfterModel', llm_response: value },
  };
}

/** Dispatches on the event: AfterTool, BeforeModel or AfterModel; other events pass. */
export function decideSecrets(input, options = {}) {
  switch (input.hook_event_name) {
    case 'AfterTool':
      return decideToolResult(input, options);
    case 'BeforeModel':
      return decideRequest(input, options);
    case 'AfterModel':
      return decideResponse(input, options);
    default:
      return undefined;
  }
}
