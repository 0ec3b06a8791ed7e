/**
 * The effects of one tool call, whichever agent made it: shell tools (Claude `Bash`, Gemini
 * `run_shell_command`, Cursor `run_terminal_cmd`, Copilot `bash`, Codex `shell` with an argument vector),
 * file tools (`Write`, `Edit`, `MultiEdit`, `write_file`, `replace`, `edit_file`, `create` …), Codex
 * `apply_patch`, web tools, and MCP tools through a per-server map. A tool this table does not know, or an
 * MCP tool the map does not list, is `unknown`.
 */
import { readBudget } from '../inspect/readBudget.js';
import { patchEffects } from './patchEffects.js';
import { shellEffects, argvEffects } from './shellEffects.js';
import { EffectSink, hostOf } from './sink.js';
import { parseEffect, type EffectRecord, type McpEffectMap } from './types.js';

const SHELL_TOOLS = new Set([
  'Bash',
  'run_shell_command',
  'run_terminal_cmd',
  'Shell',
  'bash',
  'shell',
  'local_shell',
  'exec_command',
  'container.exec',
  'terminal',
]);
const WRITE_TOOLS = new Set([
  'Write',
  'Edit',
  'MultiEdit',
  'NotebookEdit',
  'write_file',
  'replace',
  'edit_file',
  'edit',
  'create',
  'write',
  'search_replace',
  'str_replace',
  'str_replace_editor',
  'str_replace_based_edit_tool',
  'insert',
  'create_file',
  'edit_notebook',
]);
const DELETE_TOOLS = new Set(['delete_file', 'Delete', 'remove_file']);
const READ_TOOLS = new Set([
  'Read',
  'read_file',
  'view',
  'Glob',
  'Grep',
  'LS',
  'glob',
  'grep',
  'search_file_content',
  'list_directory',
  'grep_search',
  'file_search',
  'list_dir',
  'codebase_search',
  'read_many_files',
  'NotebookRead',
]);
const PATCH_TOOLS = new Set(['apply_patch', 'ApplyPatch']);
const SEARCH_TOOLS = new Set(['WebSearch', 'google_web_search', 'web_search']);
const FETCH_TOOLS = new Set(['WebFetch', 'web_fetch', 'fetch']);
/** Tools that only talk to the user or keep the agent's own notes. */
const QUIET_TOOLS = new Set([
  'TodoWrite',
  'TodoRead',
  'todo_write',
  'ExitPlanMode',
  'AskUserQuestion',
  'update_plan',
  'think',
]);
const PATH_FIELDS = [
  'file_path',
  'notebook_path',
  'absolute_path',
  'target_file',
  'path',
  'filename',
  'dir_path',
  'directory',
];

/** Where a shell tool's working directory is given; one array, not one per call. */
const CWD_FIELDS = ['workdir', 'cwd', 'dir_path', 'directory'];

const stringOf = (input: Readonly<Record<string, unknown>>, names: readonly string[]): string | undefined => {
  for (const name of names) if (typeof input[name] === 'string') return input[name];
  return undefined;
};

/** The server and tool of an MCP tool name: `mcp__server__tool` (Claude, Codex), `mcp_server_tool` is ambiguous. */
const mcpName = (
  toolName: string,
  input: Readonly<Record<string, unknown>>,
): { server: string; tool: string } | undefined => {
  const claude = /^mcp__(.+?)__(.+)$/.exec(toolName);
  if (claude !== null) return { server: claude[1] as string, tool: claude[2] as string };
  const server = stringOf(input, ['server', 'server_name']);
  return server === undefined ? undefined : { server, tool: toolName };
};

const mcpEffects = (name: { server: string; tool: string }, map: McpEffectMap | undefined, sink: EffectSink): void => {
  const tools = map !== undefined && Object.hasOwn(map, name.server) ? map[name.server] : undefined;
  const listed = tools === undefined ? undefined : Object.hasOwn(tools, name.tool) ? tools[name.tool] : tools['*'];
  if (listed === undefined) {
    sink.unknown(`MCP tool ${name.server}/${name.tool} has no effect mapping`);
    return;
  }
  for (const text of listed) {
    const effect = parseEffect(text);
    if (effect === undefined) sink.unknown(`MCP mapping ${JSON.stringify(text)} is not an effect`);
    else
      sink.add(effect.effect, effect.target, effect.target === undefined ? `${name.server}/${name.tool}` : undefined);
  }
};

/** A shell tool's command: a string, or an argument vector (Codex `["bash", "-lc", "…"]`). */
const commandEffects = (command: unknown, sink: EffectSink): void => {
  if (typeof command === 'string') shellEffects(command, sink, readBudget());
  else if (Array.isArray(command) && command.every((word) => typeof word === 'string') && command.length > 0) {
    if (command[0] === 'apply_patch' && typeof command[1] === 'string') patchEffects(command[1], sink);
    else argvEffects(command, sink, readBudget());
  } else sink.unknown('a shell tool without a command');
};

export interface ToolEffectOptions {
  /** Effects of MCP tools by server and tool name (`*` for the whole server). */
  readonly mcp?: McpEffectMap;
}

/**
 * The effects of a tool call.
 *
 * @example
 * toolEffects('Bash', { command: 'cat x > .env' }).effects; // [{ effect: 'writes', target: '.env' }, { effect: 'executes', target: 'cat' }, { effect: 'reads', target: 'x' }]
 * toolEffects('Write', { file_path: '.env', content: '' }).effects; // [{ effect: 'writes', target: '.env' }]
 */
export const toolEffects = (
  toolName: string,
  toolInput: Readonly<Record<string, unknown>>,
  options: ToolEffectOptions = {},
): EffectRecord => {
  const sink = new EffectSink();
  const path = stringOf(toolInput, PATH_FIELDS);
  const cwd = stringOf(toolInput, CWD_FIELDS);
  if (SHELL_TOOLS.has(toolName)) {
    if (cwd !== undefined) sink.cd({ text: cwd, known: true }, false);
    commandEffects(toolInput['command'] ?? toolInput['cmd'], sink);
  } else if (PATCH_TOOLS.has(toolName)) {
    const patch = stringOf(toolInput, ['input', 'patch', 'diff']);
    if (patch === undefined) sink.unknown('apply_patch without a patch');
    else patchEffects(patch, sink);
  } else if (WRITE_TOOLS.has(toolName)) {
    if (toolName === 'str_replace_based_edit_tool' && toolInput['command'] === 'view')
      sink.path('reads', { text: path ?? '?', known: path !== undefined });
    else sink.path('writes', { text: path ?? '?', known: path !== undefined });
  } else if (DELETE_TOOLS.has(toolName)) sink.path('deletes', { text: path ?? '?', known: path !== undefined });
  else if (READ_TOOLS.has(toolName)) {
    const paths = Array.isArray(toolInput['paths'])
      ? toolInput['paths'].filter((p): p is string => typeof p === 'string')
      : [];
    for (const each of paths.length > 0 ? paths : [path ?? '.']) sink.path('reads', { text: each, known: true });
  } else if (FETCH_TOOLS.has(toolName)) {
    const text = stringOf(toolInput, ['url', 'prompt']) ?? '';
    const urls = text.match(/\bhttps?:\/\/[^\s"'<>]+/g) ?? [];
    if (urls.length === 0) sink.egress(undefined, toolName);
    for (const url of urls) sink.egress(hostOf({ text: url, known: true }), url);
  } else if (SEARCH_TOOLS.has(toolName)) sink.egress(undefined, toolName);
  else if (!QUIET_TOOLS.has(toolName)) {
    const mcp = mcpName(toolName, toolInput);
    if (mcp !== undefined) mcpEffects(mcp, options.mcp, sink);
    else sink.unknown(`${toolName}: a tool whose effects are not known`);
  }
  return recordOf(sink);
};

/** The record of what `sink` collected. */
export const recordOf = (sink: EffectSink): EffectRecord => {
  const partial = sink.effects.some((effect) => effect.effect === 'unknown' || effect.target === undefined);
  return { effects: sink.effects, partial };
};
