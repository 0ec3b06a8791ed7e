/**
 * Policy core: writes outside the project, or to protected paths, are denied (BeforeTool).
 * Paths are normalised lexically — `..` and `.` resolved against the project directory, `~` expanded —
 * without touching the file system, so the answer depends only on the input.
 * Plain ESM so the function hook and the node command hook share it.
 */
import path from 'node:path';

/** File-writing tools of Gemini CLI / LLxprt (`write_file`, `replace`) and Claude Code (`Write`, `Edit`, …). */
export const WRITE_TOOLS = Object.freeze([
  'write_file',
  'replace',
  'edit',
  'Write',
  'Edit',
  'MultiEdit',
  'NotebookEdit',
]);

/** Tool-input fields that name the file being written. */
export const PATH_FIELDS = Object.freeze(['file_path', 'path', 'absolute_path', 'notebook_path', 'target_file']);

/**
 * Protected paths. `/x/` or `~/x/`: that absolute tree; `name/`: a directory of that name anywhere;
 * otherwise a file-name glob (`*` wildcard); a leading `!` exempts file names from the globs.
 */
export const DEFAULT_PROTECTED = Object.freeze([
  '.git/',
  '.env',
  '.env.*',
  '!.env.example',
  '!.env.sample',
  '!.env.template',
  '/etc/',
  '~/.ssh/',
  '~/.aws/',
  '~/.gnupg/',
]);

const globToRegExp = (glob) => new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);

/** Expands `~`, resolves against `projectDir`, normalises `.`/`..` (no symlinks are followed). */
export function normalizeTarget(target, projectDir, homeDir) {
  const expanded = target === '~' ? homeDir : target.startsWith('~/') ? path.join(homeDir, target.slice(2)) : target;
  return path.resolve(projectDir, expanded);
}

/** Whether `target` is `root` or below it (both absolute and normalised). */
export function isInside(root, target) {
  const relative = path.relative(root, target);
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}

/** The protected pattern `target` falls under, or undefined. */
export function protectedMatch(target, patterns, homeDir) {
  const name = path.basename(target);
  const exempt = patterns.filter((p) => p.startsWith('!')).some((p) => globToRegExp(p.slice(1)).test(name));
  const segments = target.split(path.sep);
  for (const pattern of patterns) {
    if (pattern.startsWith('!')) continue;
    if (pattern.startsWith('/') || pattern.startsWith('~/') || pattern === '~') {
      const root = normalizeTarget(pattern.replace(/\/+$/, '') || '/', '/', homeDir);
      if (isInside(root, target)) return pattern;
    } else if (pattern.endsWith('/')) {
      if (segments.slice(0, -1).includes(pattern.slice(0, -1)) || name === pattern.slice(0, -1)) return pattern;
    } else if (!exempt && globToRegExp(pattern).test(name)) {
      return pattern;
    }
  }
  return undefined;
}

/** The paths a tool call writes, from the known path fields. */
export function writtenPaths(toolInput) {
  return PATH_FIELDS.map((field) => toolInput[field]).filter((value) => typeof value === 'string' && value !== '');
}

/**
 * Checks one write. Returns undefined when allowed, else the reason the model sees.
 *
 * @param {{ toolName: string, target: string, projectDir: string, homeDir: string, protectedPaths?: readonly string[], writableRoots?: readonly string[] }} check
 */
export function checkWrite({
  toolName,
  target,
  projectDir,
  homeDir,
  protectedPaths = DEFAULT_PROTECTED,
  writableRoots = [],
}) {
  const root = path.resolve(projectDir);
  const resolved = normalizeTarget(target, root, homeDir);
  const shown = isInside(root, resolved) ? path.relative(root, resolved) || '.' : resolved;
  const hit = protectedMatch(resolved, protectedPaths, homeDir);
  if (hit !== undefined) {
    return (
      `Blocked ${toolName} to ${shown}: it matches the protected path "${hit}" (version-control internals, secrets or ` +
      `system/credential files). Do not modify it; if the change is really needed, tell the user what to change and why.`
    );
  }
  const writable = [root, ...writableRoots.map((dir) => normalizeTarget(dir, root, homeDir))];
  if (!writable.some((dir) => isInside(dir, resolved))) {
    return (
      `Blocked ${toolName} to ${resolved}: it is outside the project directory ${root}. ` +
      `Write inside the project instead (a path relative to ${root}), or ask the user to make this change.`
    );
  }
  return undefined;
}

/**
 * The decision for a BeforeTool input: a `deny` output naming the first blocked path, or undefined.
 *
 * @param {object} input BeforeTool hook input.
 * @param {{ projectDir?: string, homeDir?: string, protectedPaths?: readonly string[], writableRoots?: readonly string[], tools?: readonly string[] }} [options]
 */
export function decideWrite(input, options = {}) {
  const tools = options.tools ?? WRITE_TOOLS;
  if (!tools.includes(input.tool_name)) return undefined;
  const projectDir = options.projectDir ?? input.cwd;
  const homeDir = options.homeDir ?? process.env.HOME ?? '/root';
  for (const target of writtenPaths(input.tool_input ?? {})) {
    const reason = checkWrite({ ...options, toolName: input.tool_name, target, projectDir, homeDir });
    if (reason !== undefined) return { decision: 'deny', reason };
  }
  return undefined;
}
