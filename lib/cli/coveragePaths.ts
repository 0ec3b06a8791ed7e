/**
 * The tool paths `hookstream doctor --coverage` tries each guard on: for every way an agent can act — a shell
 * command that writes a file by redirection, the file tools, `apply_patch`, an MCP tool, a call that hands work to
 * a sub-agent, a web fetch — sample calls as the agents hookstream speaks for send them, each with the agents that
 * send it. A call that writes is tried on a few files, so a guard whose `if` or effect matcher names the files it
 * protects (`.env*`) is not reported blind to a path it sees for those files. Calls no hook ever sees, whatever
 * its matcher, are listed apart with why.
 */
import type { DialectId } from '../dialects/types.js';

/** One sample call: what a guard's matcher, `if` condition and effect matcher are tested on. */
export interface CoverageCall {
  readonly tool_name: string;
  /** Its input when it writes `file` (calls that write no file ignore it). */
  readonly input: (file: string) => Record<string, unknown>;
  /**
   * The agents that send it. Hosts and the framework adapters send whatever the application names its tools, so
   * hookstream's own files are tried on every call; `hookstream` alone marks a call only they send.
   */
  readonly agents: readonly DialectId[];
}

export interface CoveragePath {
  readonly id: string;
  readonly label: string;
  readonly calls: readonly CoverageCall[];
}

/** A call that never reaches a hook, whatever its matcher says: on every guard's blind side. */
export interface CoverageLimit {
  readonly path: string;
  readonly call: string;
  readonly why: string;
}

/** The files a writing call is tried on: any one the guard sees is enough. */
export const SAMPLE_FILES: readonly string[] = ['out.txt', '.env', 'src/app.ts'];

/** The agents whose tool names the catalogue knows; a guard in another agent's file is tried on every call. */
const NAMED: readonly DialectId[] = ['claude', 'gemini', 'cursor', 'copilot', 'codex'];

const shell = (name: string, agents: readonly DialectId[]): CoverageCall => ({
  tool_name: name,
  input: (file) => ({ command: `cat notes.txt > ${file}` }),
  agents,
});

const patch = (file: string): string => `*** Begin Patch\n*** Add File: ${file}\n+hello\n*** End Patch\n`;

/**
 * The catalogue, in report order. Sub-agents: Claude Code launches one with its `Agent` tool (`Task` before it was
 * renamed) and fires the same PreToolUse hooks for the sub-agent's own calls, which are the calls of the other
 * paths. A framework application that exposes a sub-agent as a tool names that tool itself (`research_agent`);
 * an OpenAI Agents handoff reaches hooks (through `hookAgent`) as `transfer_to_<agent>`, the name the model calls.
 */
export const COVERAGE_PATHS: readonly CoveragePath[] = [
  {
    id: 'shell-redirect',
    label: 'shell command writing a file by redirection',
    calls: [
      shell('Bash', ['claude', 'codex']),
      shell('run_shell_command', ['gemini']),
      shell('bash', ['copilot']),
      shell('Shell', ['cursor']),
    ],
  },
  {
    id: 'file-tools',
    label: 'file write and edit tools',
    calls: [
      { tool_name: 'Write', input: (file) => ({ file_path: file, content: 'hello' }), agents: ['claude', 'cursor'] },
      {
        tool_name: 'Edit',
        input: (file) => ({ file_path: file, old_string: 'hello', new_string: 'bye' }),
        agents: ['claude'],
      },
      {
        tool_name: 'MultiEdit',
        input: (file) => ({ file_path: file, edits: [{ old_string: 'hello', new_string: 'bye' }] }),
        agents: ['claude'],
      },
      { tool_name: 'write_file', input: (file) => ({ file_path: file, content: 'hello' }), agents: ['gemini'] },
      {
        tool_name: 'replace',
        input: (file) => ({ file_path: file, old_string: 'hello', new_string: 'bye' }),
        agents: ['gemini'],
      },
      { tool_name: 'create', input: (file) => ({ path: file, file_text: 'hello' }), agents: ['copilot'] },
      {
        tool_name: 'edit',
        input: (file) => ({ path: file, old_str: 'hello', new_str: 'bye' }),
        agents: ['copilot'],
      },
    ],
  },
  {
    id: 'apply-patch',
    label: 'apply_patch',
    calls: [
      { tool_name: 'apply_patch', input: (file) => ({ input: patch(file) }), agents: ['codex', 'cursor', 'copilot'] },
    ],
  },
  {
    id: 'mcp',
    label: 'MCP tool',
    calls: [
      {
        tool_name: 'mcp__github__create_issue',
        input: () => ({ title: 'hello' }),
        agents: ['claude', 'codex', 'cursor'],
      },
      { tool_name: 'mcp_github_create_issue', input: () => ({ title: 'hello' }), agents: ['gemini'] },
    ],
  },
  {
    id: 'subagent',
    label: 'sub-agent call',
    calls: [
      {
        tool_name: 'Agent',
        input: (file) => ({ subagent_type: 'general-purpose', prompt: `write ${file}` }),
        agents: ['claude'],
      },
      {
        tool_name: 'Task',
        input: (file) => ({ subagent_type: 'general-purpose', prompt: `write ${file}` }),
        agents: ['claude'],
      },
      {
        tool_name: 'task',
        input: (file) => ({ agent_type: 'general-purpose', prompt: `write ${file}` }),
        agents: ['copilot'],
      },
      { tool_name: 'research_agent', input: (file) => ({ prompt: `write ${file}` }), agents: ['hookstream'] },
      {
        tool_name: 'transfer_to_billing',
        input: (file) => ({ agent: 'billing', input: { reason: `write ${file}` } }),
        agents: ['hookstream'],
      },
    ],
  },
  {
    id: 'web-fetch',
    label: 'web fetch',
    calls: [
      {
        tool_name: 'WebFetch',
        input: () => ({ url: 'https://example.com/', prompt: 'summarise' }),
        agents: ['claude'],
      },
      {
        tool_name: 'web_fetch',
        input: () => ({ prompt: 'summarise https://example.com/' }),
        agents: ['gemini', 'copilot'],
      },
    ],
  },
];

/**
 * Calls of the framework adapters that reach no hook, whatever a guard's matcher says: what the adapters' wrappers
 * cannot reach from where the application puts them.
 */
export const COVERAGE_LIMITS: readonly CoverageLimit[] = [
  {
    path: 'subagent',
    call: 'an OpenAI Agents handoff of an agent wrapped with hookTools alone',
    why: 'the SDK performs a handoff itself, so it fires BeforeTool and AfterTool only when the starting agent is wrapped with hookAgent (which covers every agent its handoffs reach)',
  },
  {
    path: 'subagent',
    call: 'the own tool calls of an OpenAI Agents agent used as a tool',
    why: "asTool keeps the agent it was called on inside the tool, out of hookAgent's reach: they fire hooks when the tool is made from a hooked agent, hookAgent(hooks, agent).asTool(…)",
  },
  {
    path: 'subagent',
    call: "an AI SDK or LangChain sub-agent's own tool calls",
    why: "the sub-agent is built inside a tool's execute, where the parent's wrappers never run: they fire hooks when the sub-agent is built with the same helper (hookTools on its tools, hookMiddleware in its middleware)",
  },
];

/** The calls of `path` a guard from `dialect`'s file can be sent: its agent's, or all of them (hookstream's format). */
export const callsFor = (path: CoveragePath, dialect: DialectId | undefined): readonly CoverageCall[] =>
  dialect === undefined || !NAMED.includes(dialect)
    ? path.calls
    : path.calls.filter((call) => call.agents.includes(dialect));
