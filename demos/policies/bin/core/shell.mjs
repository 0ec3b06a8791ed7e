/**
 * Policy core: dangerous shell commands are denied (BeforeTool on shell tools), with a reason that says
 * what was dangerous and what to do instead, so the model can correct course rather than retry.
 * Rules: recursive rm of /, ~ or a top-level system directory; a download piped into an interpreter;
 * force-push to a protected branch; recursive chmod/chown of /, ~ or a system directory.
 */
import path from 'node:path';
import { allPipelines, commandName, SHELLS } from './shellWords.mjs';

/** Shell tools of Gemini CLI / LLxprt (`run_shell_command`) and Claude Code (`Bash`). */
export const SHELL_TOOLS = Object.freeze(['run_shell_command', 'shell', 'Bash', 'bash']);

export const DEFAULT_PROTECTED_BRANCHES = Object.freeze(['main', 'master']);

const SYSTEM_DIRS = new Set([
  '/bin',
  '/boot',
  '/dev',
  '/etc',
  '/home',
  '/lib',
  '/lib64',
  '/opt',
  '/proc',
  '/root',
  '/sbin',
  '/srv',
  '/sys',
  '/usr',
  '/var',
]);
const INTERPRETERS = new Set([...SHELLS, 'python', 'python3', 'perl', 'ruby', 'node']);
const DOWNLOADERS = new Set(['curl', 'wget']);
const SUBSTITUTED_DOWNLOAD = /(?:^|[\s;&|(])(?:(?:ba|z|da|k)?sh|eval|source|\.)\s[^;&|]*(?:<|\$)\(\s*(?:curl|wget)\b/;

/**
 * The critical target a path names — `/`, `~` or a top-level system directory — or undefined.
 * `/*`, `~/`, `$HOME`, `//` and `/usr/..` count as what they expand to.
 */
export function criticalTarget(word, homeDir) {
  let target = word.replace(/^\$\{?HOME\}?(?=\/|$)/, '~');
  if (homeDir && (target === homeDir || target.startsWith(`${homeDir}/`))) target = `~${target.slice(homeDir.length)}`;
  const home = target === '~' || target.startsWith('~/');
  if (!home && !target.startsWith('/')) return undefined;
  let rest = path.posix.normalize(home ? target.slice(1) || '/' : target);
  while (/\/\.?\*$/.test(rest)) rest = path.posix.normalize(rest.replace(/\/\.?\*$/, '') || '/');
  rest = rest.replace(/\/+$/, '') || '/';
  if (home) return rest === '/' ? '~' : undefined;
  return rest === '/' || SYSTEM_DIRS.has(rest) ? rest : undefined;
}

/** Options and operands of a command's arguments; `--` ends the options. */
function parseArgs(args) {
  const flags = [];
  const operands = [];
  let ended = false;
  for (const arg of args) {
    if (!ended && arg === '--') ended = true;
    else if (!ended && arg.startsWith('-') && arg.length > 1) flags.push(arg);
    else operands.push(arg);
  }
  const short = flags.filter((flag) => !flag.startsWith('--')).join('');
  return { flags, short, operands };
}

function rmRule(words, homeDir) {
  const { flags, short, operands } = parseArgs(words.slice(1));
  if (!/[rR]/.test(short) && !flags.includes('--recursive')) return undefined;
  const target = operands.map((word) => criticalTarget(word, homeDir)).find(Boolean);
  if (target === undefined) return undefined;
  const what =
    target === '~'
      ? 'your whole home directory'
      : target === '/'
        ? 'the entire file system'
        : `the system directory ${target}`;
  return {
    rule: 'recursive-delete',
    reason:
      `\`${words.join(' ')}\` would recursively delete ${what}. ` +
      'Delete only the specific directory you mean, by a path inside the project (for example `rm -rf ./build`).',
  };
}

function chmodRule(words, homeDir) {
  const { flags, short, operands } = parseArgs(words.slice(1));
  if (!short.includes('R') && !flags.includes('--recursive')) return undefined;
  const target = operands
    .slice(1)
    .map((word) => criticalTarget(word, homeDir))
    .find(Boolean);
  if (target === undefined) return undefined;
  return {
    rule: 'recursive-permissions',
    reason:
      `\`${words.join(' ')}\` would change the ownership or permissions of every file under ${target}, ` +
      'breaking the system and its security. Change only the file that needs it, with the narrowest mode (for example `chmod u+x ./script.sh`).',
  };
}

/** The branch a refspec pushes to (`+src:dst` → dst). */
const destination = (refspec) => (refspec.replace(/^\+/, '').split(':').pop() ?? '').replace(/^refs\/heads\//, '');

function gitPushRule(words, protectedBranches) {
  let i = 1;
  while (i < words.length && words[i].startsWith('-')) i += ['-C', '-c'].includes(words[i]) ? 2 : 1;
  if (words[i] !== 'push') return undefined;
  const args = words.slice(i + 1);
  let force = false;
  let everything = false;
  const positional = [];
  for (let j = 0; j < args.length; j += 1) {
    const arg = args[j];
    if (arg === '--force' || arg === '--force-with-lease' || arg.startsWith('--force-with-lease=')) force = true;
    else if (arg === '--all' || arg === '--mirror') everything = true;
    else if (arg === '-o' || arg === '--push-option' || arg === '--repo') j += 1;
    else if (/^-[^-]/.test(arg)) force ||= arg.includes('f');
    else if (!arg.startsWith('-')) positional.push(arg);
  }
  const refspecs = positional.slice(1);
  const forced = force ? refspecs : refspecs.filter((refspec) => refspec.startsWith('+'));
  if (!force && forced.length === 0) return undefined;
  const instead =
    'Push your work to a feature branch (`git push --force-with-lease origin my-branch`) and open a pull request, ' +
    'or undo commits on the protected branch with `git revert`.';
  const named = forced.map(destination).filter((branch) => branch !== 'HEAD' && branch !== '');
  const hit = named.find((branch) => protectedBranches.includes(branch));
  if (hit !== undefined) {
    return {
      rule: 'force-push',
      reason: `\`${words.join(' ')}\` force-pushes to ${hit}, rewriting the shared history of a protected branch. ${instead}`,
    };
  }
  if (everything || named.length < forced.length || forced.length === 0) {
    return {
      rule: 'force-push',
      reason:
        `\`${words.join(' ')}\` force-pushes without naming a branch, which may rewrite ${protectedBranches.join(' or ')}. ` +
        `Name the branch explicitly. ${instead}`,
    };
  }
  return undefined;
}

function pipeRule(pipeline) {
  const download = pipeline.findIndex((words) => DOWNLOADERS.has(commandName(words)));
  if (download < 0) return undefined;
  const runner = pipeline.slice(download + 1).find((words) => INTERPRETERS.has(commandName(words)));
  if (runner === undefined) return undefined;
  return downloadReason(`${commandName(pipeline[download])} … | ${runner.join(' ')}`);
}

const downloadReason = (what) => ({
  rule: 'pipe-to-shell',
  reason:
    `\`${what}\` runs a script straight from the network without anyone reviewing it. ` +
    'Download it to a file first (`curl -fsSLo install.sh URL`), show it to the user for review, and run it only once they agree — or use a package manager.',
});

/**
 * The first dangerous thing `command` does, or undefined.
 *
 * @param {string} command A shell command line.
 * @param {{ homeDir?: string, protectedBranches?: readonly string[] }} [options]
 * @returns {{ rule: string, reason: string } | undefined}
 */
export function findDanger(command, options = {}) {
  const homeDir = options.homeDir ?? process.env.HOME;
  const branches = options.protectedBranches ?? DEFAULT_PROTECTED_BRANCHES;
  if (SUBSTITUTED_DOWNLOAD.test(command)) return downloadReason(command.trim());
  for (const pipeline of allPipelines(command)) {
    const piped = pipeRule(pipeline);
    if (piped) return piped;
    for (const words of pipeline) {
      const name = commandName(words);
      const found =
        name === 'rm'
          ? rmRule(words, homeDir)
          : name === 'chmod' || name === 'chown'
            ? chmodRule(words, homeDir)
            : name === 'git'
              ? gitPushRule(words, branches)
              : undefined;
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * The decision for a BeforeTool input: `deny` with an actionable reason, or undefined.
 *
 * @param {object} input BeforeTool hook input.
 * @param {{ homeDir?: string, protectedBranches?: readonly string[], tools?: readonly string[] }} [options]
 */
export function decideShell(input, options = {}) {
  const tools = options.tools ?? SHELL_TOOLS;
  const command = input.tool_input?.command;
  if (!tools.includes(input.tool_name) || typeof command !== 'string') return undefined;
  const danger = findDanger(command, options);
  return danger === undefined
    ? undefined
    : { decision: 'deny', reason: `Blocked dangerous shell command: ${danger.reason}` };
}
