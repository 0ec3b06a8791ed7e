import { createHookSystem } from '../lib/index.js';
const one = createHookSystem({ projectDir: '/tmp' });
one.register('BeforeTool', { type: 'function', name: 'allow', run: () => ({ decision: 'allow' }) });
const fields = { tool_name: 'write_file', tool_input: { path: '/tmp/a', content: 'x' } };
const t = performance.now();
for (let i = 0; i < 30000; i++) await one.fire('BeforeTool', fields);
console.log('us/event', ((performance.now() - t) / 30000) * 1000);
