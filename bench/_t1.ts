import { createHookSystem } from '/work/main/lib/index.js';
const hooks = createHookSystem({ projectDir: '/tmp', settings: { tools: { enableHooks: true }, hooks: { BeforeTool: [{ matcher: 'write', hooks: [{ command: `jq -c '{decision: (if (.tool_input.path|startswith("/etc")) then "deny" else "allow" end), reason: "no /etc"}' 2>/dev/null || echo '{"decision":"deny","reason":"no jq"}'` }, { command: 'echo plain text; exit 0' }, { command: 'echo oops >&2; exit 1' }] }] } } });
const r = await hooks.fire('BeforeTool', { tool_name: 'write_file', tool_input: { path: '/etc/x' } });
console.log(JSON.stringify(r, null, 1).slice(0, 3000));
await hooks.dispose();
