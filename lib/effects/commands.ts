/**
 * The effect table: one handler per program name, from the file utilities, the network programs, the tool
 * chains and the programs that carry code. A name not in it has effects that are not known (`unknown`).
 */
import { CODE_COMMANDS, interpreterHandler } from './codeCommands.js';
import type { Handler } from './context.js';
import { FILE_COMMANDS } from './fileCommands.js';
import { NET_COMMANDS } from './netCommands.js';
import { TOOL_COMMANDS } from './toolCommands.js';

const TABLE: ReadonlyMap<string, Handler> = new Map([
  ...Object.entries(FILE_COMMANDS),
  ...Object.entries(NET_COMMANDS),
  ...Object.entries(TOOL_COMMANDS),
  ...Object.entries(CODE_COMMANDS),
]);

/** The handler of a program name (`/usr/bin/rm` already named `rm`), or undefined when its effects are not known. */
export const handlerOf = (name: string): Handler | undefined => TABLE.get(name) ?? interpreterHandler(name);
