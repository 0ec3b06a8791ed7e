import { genaiTranslator, openaiTranslator, anthropicTranslator } from './lib/translate/index.js';
const g = { model: 'gemini', contents: [ { role: 'user', parts: [{ text: 'hi' }, { inlineData: { mimeType: 'image/png', data: 'AA' } }] }, { role: 'model', parts: [{ functionCall: { name: 'f', args: {} } }] }, { role: 'user', parts: [{ functionResponse: { name: 'f', response: {} } }] } ], config: { temperature: 0.5, systemInstruction: 'be nice', tools: [{ functionDeclarations: [{ name: 'f' }, { name: 'g' }] }] } };
const h = genaiTranslator.toHookRequest(g);
console.log(JSON.stringify(h));
const e = structuredClone(h); e.messages!.splice(0, 1); e.messages![0]!.content = 'HELLO'; e.messages!.push({ role: 'user', content: 'new' }); (e.config as any).temperature = 1;
console.log(JSON.stringify(genaiTranslator.fromHookRequest(e, g)));
console.log(JSON.stringify(genaiTranslator.applyToolConfig(g, { mode: 'ANY', allowedFunctionNames: ['g'] })));
console.log(JSON.stringify(openaiTranslator.fromHookResponse({ text: 'x' })));
console.log(JSON.stringify(anthropicTranslator.fromHookResponse({ text: 'x' })));
