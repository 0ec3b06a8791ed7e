/**
 * Effects of the file utilities: what each reads, writes or deletes, by its operands and the options that
 * name files (`sort -o`, `cp -t`, `dd of=`, `tar -xf`). Each program is one row.
 */
import type { Handler } from './context.js';
import { hasOption, optionValues, readOptions } from './options.js';
import type { Arg } from './sink.js';

/** Every operand is read (`cat a b`, `wc -l x`); `valued` lists the options that take a value. */
const readsAll =
  (...valued: string[]): Handler =>
  (args, { sink }) => {
    for (const operand of readOptions(args, valued).operands) sink.path('reads', operand);
  };

/** Programs that print, compute or change only the shell's own state. */
const none: Handler = () => undefined;

/** The first operand is a pattern or expression, the rest are files read (`grep PATTERN f`, `jq '.x' f`). */
const patternThenFiles = (patternOptions: string[], fileOptions: string[], valued: string[]): Handler => {
  const allValued = [...patternOptions, ...fileOptions, ...valued];
  return (args, { sink }) => {
    const options = readOptions(args, allValued);
    for (const file of optionValues(options, ...fileOptions)) sink.path('reads', file);
    const given = hasOption(options, ...patternOptions, ...fileOptions);
    const files = given ? options.operands : options.operands.slice(1);
    // No file named: the program reads stdin, or (grep -r, rg) the directory it runs in.
    for (const file of files) sink.path('reads', file);
  };
};

/** `cp`, `install`, `ln`: the last operand (or `-t DIR`) is written, the others read. */
const copies = (reads: boolean, valued: string[]): Handler => {
  const allValued = ['-t', '--target-directory', '-S', '--suffix', ...valued];
  return (args, { sink }) => {
    const options = readOptions(args, allValued);
    const target = optionValues(options, '-t', '--target-directory');
    const sources = target.length > 0 ? options.operands : options.operands.slice(0, -1);
    const destinations = target.length > 0 ? target : options.operands.slice(-1);
    if (reads) for (const source of sources) sink.path('reads', source);
    // `ln -s target` alone links a file named after the target in the current directory.
    for (const destination of destinations) sink.path('writes', destination);
  };
};

const move: Handler = (args, { sink }) => {
  const options = readOptions(args, ['-t', '--target-directory', '-S', '--suffix']);
  const target = optionValues(options, '-t', '--target-directory');
  const sources = target.length > 0 ? options.operands : options.operands.slice(0, -1);
  for (const source of sources) sink.path('deletes', source);
  for (const destination of target.length > 0 ? target : options.operands.slice(-1)) sink.path('writes', destination);
};

const deletesAll =
  (...valued: string[]): Handler =>
  (args, { sink }) => {
    for (const operand of readOptions(args, valued).operands) sink.path('deletes', operand);
  };

const writesAll =
  (...valued: string[]): Handler =>
  (args, { sink }) => {
    for (const operand of readOptions(args, valued).operands) sink.path('writes', operand);
  };

const permissions =
  (skip: number, ...valued: string[]): Handler =>
  (args, { sink }) => {
    const options = readOptions(args, valued);
    const reference = hasOption(options, '--reference');
    sink.add('changes', 'permission');
    for (const operand of options.operands.slice(reference ? 0 : skip)) sink.path('writes', operand);
  };

/** `sort -o out`, `uniq in out`, `xxd in out`: files read, and the output file written. */
const sort: Handler = (args, { sink }) => {
  const options = readOptions(args, ['-o', '--output', '-k', '--key', '-t', '-S', '-T', '--parallel']);
  for (const file of options.operands) sink.path('reads', file);
  for (const out of optionValues(options, '-o', '--output')) sink.path('writes', out);
};

const inThenOut =
  (...valued: string[]): Handler =>
  (args, { sink }) => {
    const [input, output] = readOptions(args, valued).operands;
    if (input !== undefined) sink.path('reads', input);
    if (output !== undefined) sink.path('writes', output);
  };

const dd: Handler = (args, { sink }) => {
  for (const arg of args) {
    const [key, ...value] = arg.text.split('=');
    const file: Arg = { text: value.join('='), known: arg.known };
    if (key === 'if') sink.path('reads', file);
    if (key === 'of') sink.path('writes', file);
  }
};

const tee: Handler = (args, { sink }) => {
  for (const file of readOptions(args, ['--output-error']).operands) sink.path('writes', file);
};

/** `tar`: `c` writes the archive and reads the files, `x` writes what it extracts (under `-C`), `t` reads. */
const tar: Handler = (args, { sink }) => {
  const first = args[0];
  // Old style: `tar czf out.tgz dir` (the first word is a cluster without a dash).
  const words =
    first?.known === true && /^[a-zA-Z]+$/.test(first.text)
      ? [{ text: `-${first.text}`, known: true }, ...args.slice(1)]
      : args;
  const options = readOptions(words, [
    '-f',
    '--file',
    '-C',
    '--directory',
    '-T',
    '--files-from',
    '-X',
    '--exclude-from',
    '-b',
    '-H',
    '--format',
    '-I',
    '--use-compress-program',
    '--exclude',
  ]);
  const archives = optionValues(options, '-f', '--file');
  const mode = (
    ['-c', '--create', '-x', '--extract', '--get', '-t', '--list', '-r', '--append', '-u', '--update'] as const
  ).find((name) => hasOption(options, name));
  if (mode === undefined) {
    sink.unknown('tar without a known mode');
    return;
  }
  if (mode === '-x' || mode === '--extract' || mode === '--get') {
    for (const archive of archives) sink.path('reads', archive);
    const into = optionValues(options, '-C', '--directory');
    sink.path('writes', into[0] ?? { text: '?', known: false });
    return;
  }
  if (mode === '-t' || mode === '--list') {
    for (const archive of archives) sink.path('reads', archive);
    return;
  }
  for (const archive of archives) sink.path('writes', archive);
  for (const file of options.operands) sink.path('reads', file);
};

/** `gzip f` replaces f with f.gz (`-d`: the other way); `-c` and `-l` only read. */
const compressor =
  (suffix: string, decompress: boolean): Handler =>
  (args, { sink }) => {
    const options = readOptions(args, ['-S', '--suffix']);
    const keep = hasOption(options, '-c', '--stdout', '-l', '--list', '-t', '--test');
    const unpack = decompress || hasOption(options, '-d', '--decompress');
    for (const file of options.operands) {
      sink.path('reads', file);
      if (keep) continue;
      const other = unpack ? file.text.replace(/\.[^./]+$/, '') : `${file.text}${suffix}`;
      sink.path('writes', { text: other, known: file.known });
      if (!hasOption(options, '-k', '--keep')) sink.path('deletes', file);
    }
  };

const zip: Handler = (args, { sink }) => {
  const [archive, ...files] = readOptions(args, ['-x', '-i', '-b', '-t', '-tt', '-P', '-O']).operands;
  if (archive !== undefined) sink.path('writes', archive);
  for (const file of files) sink.path('reads', file);
};

const unzip: Handler = (args, { sink }) => {
  const options = readOptions(args, ['-d', '-x', '-P']);
  const [archive] = options.operands;
  if (archive !== undefined) sink.path('reads', archive);
  if (hasOption(options, '-l', '-t', '-v', '-p', '-Z')) return;
  sink.path('writes', optionValues(options, '-d')[0] ?? { text: '?', known: false });
};

const split: Handler = (args, { sink }) => {
  const [input, prefix] = readOptions(args, ['-l', '-b', '-C', '-n', '-a', '--additional-suffix']).operands;
  if (input !== undefined) sink.path('reads', input);
  sink.path('writes', { text: `${prefix?.text ?? 'x'}*`, known: false });
};

const touch = writesAll('-d', '--date', '-r', '--reference', '-t');
const shredWrites = writesAll('-n', '-s', '--iterations', '--size');
const shredDeletes = deletesAll('-n', '-s');
const readers = readsAll('-n', '--lines', '-c', '--bytes', '-s', '-w', '-N', '-L');

export const FILE_COMMANDS: Readonly<Record<string, Handler>> = {
  ...Object.fromEntries(
    ['cat', 'tac', 'head', 'tail', 'less', 'more', 'wc', 'nl', 'od', 'hexdump', 'strings', 'file', 'stat', 'ls', 'dir']
      .concat(['du', 'tree', 'diff', 'cmp', 'comm', 'paste', 'column', 'fold', 'fmt', 'expand', 'unexpand', 'rev'])
      .concat(['md5sum', 'sha1sum', 'sha256sum', 'sha512sum', 'b2sum', 'cksum', 'sum', 'base64', 'base32', 'readlink'])
      .concat(['realpath', 'zcat', 'bzcat', 'xzcat', 'zless', 'shasum', 'diff3', 'sdiff', 'iconv', 'lsattr', 'getfacl'])
      .map((name) => [name, readers]),
  ),
  ...Object.fromEntries(
    ['echo', 'printf', 'true', 'false', 'test', '[', 'pwd', 'date', 'whoami', 'id', 'uname', 'sleep', 'seq', 'yes']
      .concat(['basename', 'dirname', 'which', 'type', 'expr', 'printenv', 'exit', 'return', 'set', 'shift', 'read'])
      .concat(['wait', 'jobs', 'popd', 'dirs', 'history', 'clear', 'tput', 'nproc', 'df', 'free', 'uptime', 'ps', ':'])
      .concat(['local', 'declare', 'typeset', 'readonly', 'let', 'getopts', 'hash', 'tty', 'groups', 'arch'])
      .concat(['shopt', 'alias', 'unalias', 'bc', 'dc', 'tr', 'numfmt', 'factor', 'cal', 'locale', 'logname', 'users'])
      .concat([
        'lsof',
        'pgrep',
        'mktemp',
        'hostname',
        'whereis',
        'lsblk',
        'vmstat',
        'iostat',
        'top',
        'htop',
        'w',
        'who',
      ])
      .map((name) => [name, none]),
  ),
  grep: patternThenFiles(
    ['-e', '--regexp'],
    ['-f', '--file'],
    [
      '-m',
      '--max-count',
      '-A',
      '-B',
      '-C',
      '--include',
      '--exclude',
      '--exclude-dir',
      '--color',
      '--label',
      '-d',
      '-D',
    ],
  ),
  egrep: patternThenFiles(['-e'], ['-f'], ['-m', '-A', '-B', '-C', '--include', '--exclude']),
  fgrep: patternThenFiles(['-e'], ['-f'], ['-m', '-A', '-B', '-C', '--include', '--exclude']),
  rg: patternThenFiles(
    ['-e', '--regexp'],
    ['-f', '--file'],
    ['-g', '--glob', '-t', '--type', '-T', '-m', '-A', '-B', '-C', '-j', '--max-depth', '-M'],
  ),
  ag: patternThenFiles([], [], ['-G', '--ignore', '-A', '-B', '-C', '-m']),
  jq: patternThenFiles(
    [],
    ['-f', '--from-file', '--slurpfile', '--rawfile'],
    ['--arg', '--argjson', '--indent', '--tab'],
  ),
  yq: patternThenFiles([], [], ['-o', '--output-format', '-p', '--input-format', '-I']),
  look: patternThenFiles([], [], ['-t']),
  sort,
  cut: readsAll('-d', '--delimiter', '-f', '--fields', '-b', '--bytes', '-c', '--characters', '--output-delimiter'),
  uniq: inThenOut('-f', '-s', '-w'),
  xxd: inThenOut('-c', '-g', '-l', '-s', '-o'),
  cp: copies(true, []),
  install: copies(true, ['-m', '--mode', '-o', '--owner', '-g', '--group']),
  ln: copies(false, []),
  mv: move,
  rm: deletesAll(),
  rmdir: deletesAll(),
  unlink: deletesAll(),
  shred: (args, context, name) => {
    shredWrites(args, context, name);
    if (hasOption(readOptions(args, ['-n', '-s']), '-u', '--remove')) shredDeletes(args, context, name);
  },
  touch,
  mkdir: writesAll('-m', '--mode'),
  mkfifo: writesAll('-m', '--mode'),
  truncate: writesAll('-s', '--size', '-r', '--reference'),
  tee,
  dd,
  chmod: permissions(1, '--reference'),
  chown: permissions(1, '--reference', '--from'),
  chgrp: permissions(1, '--reference'),
  setfacl: permissions(1, '-m', '-x', '-M', '-X'),
  chattr: permissions(1),
  umask: (args, { sink }) => {
    if (args.some((arg) => !arg.text.startsWith('-'))) sink.add('changes', 'permission');
  },
  tar,
  gzip: compressor('.gz', false),
  gunzip: compressor('.gz', true),
  bzip2: compressor('.bz2', false),
  bunzip2: compressor('.bz2', true),
  xz: compressor('.xz', false),
  unxz: compressor('.xz', true),
  zstd: compressor('.zst', false),
  zip,
  unzip,
  split,
  csplit: split,
};
