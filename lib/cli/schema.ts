/**
 * `hookstream schema`: prints the JSON Schema of a settings file, generated from the codecs the loader
 * decodes with (lib/config/jsonSchema.ts). Save it beside your settings and name it with `"$schema"`, and an
 * editor completes keys and underlines mistakes as you type.
 */
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { errorText } from '../core/guards.js';
import { namedFileRoot, replaceFileSafely, UnsafeWriteError } from '../core/safeWrite.js';
import { settingsJsonSchema } from '../config/jsonSchema.js';
import { CliError, printLine, type CliContext } from './context.js';

interface SchemaOptions {
  output?: string;
}

/** The schema as the command prints it: indented JSON and a final newline. */
export const settingsSchemaText = (): string => `${JSON.stringify(settingsJsonSchema(), null, 2)}\n`;

const schema = (context: CliContext, options: SchemaOptions): void => {
  const text = settingsSchemaText();
  if (options.output === undefined) {
    context.stdout.write(text);
    return;
  }
  const file = resolve(context.cwd, options.output);
  try {
    // Never through a link: `-o .hookstream/settings.schema.json` in a repository whose `.hookstream` leads out.
    replaceFileSafely(namedFileRoot(context.cwd, file), file, text);
  } catch (error) {
    if (error instanceof UnsafeWriteError) throw new CliError(error.message);
    throw new CliError(`cannot write the schema to ${file}: ${errorText(error)}`);
  }
  printLine(context, `wrote ${file}`);
};

/** Adds the `schema` command to `program`. */
export const defineSchema = (program: Command, context: CliContext): void => {
  program
    .command('schema')
    .description('print the JSON Schema of settings files (name it with "$schema" for completion in editors)')
    .option('-o, --output <file>', 'write it to this file instead of stdout')
    .addHelpText(
      'after',
      '\nExample: hookstream schema -o .hookstream/settings.schema.json, then in .hookstream/settings.json:\n' +
        '  { "$schema": "./settings.schema.json", … }',
    )
    .action((options: SchemaOptions) => {
      schema(context, options);
    });
};
