/**
 * Effects of the programs that reach the network: the hosts they name (`curl https://x.org`, `ssh u@host`,
 * `nc host 80`), the files they send or save (`curl -d @.env`, `wget -O out`, `scp f host:`), and an
 * unknown host when the host cannot be read — egress is never dropped for want of a host name.
 */
import type { Handler } from './context.js';
import { FILE_COMMANDS } from './fileCommands.js';
import { hasOption, hasOptionIn, optionValues, readOptions, valuesIn } from './options.js';
import { hostName, hostOf, type Arg, type EffectSink } from './sink.js';

const CURL_VALUED = [
  ...['-o', '--output', '-d', '--data', '--data-raw', '--data-binary', '--data-urlencode', '--json', '-F', '--form'],
  ...['-T', '--upload-file', '-H', '--header', '-X', '--request', '-u', '--user', '-A', '--user-agent', '-e'],
  ...['--referer', '-x', '--proxy', '--url', '-K', '--config', '-w', '--write-out', '-m', '--max-time', '-b'],
  ...['--cookie', '-c', '--cookie-jar', '--retry', '-r', '--range', '-C', '--continue-at', '-E', '--cert', '--key'],
  ...['--cacert', '--connect-timeout', '--resolve', '--limit-rate', '-D', '--dump-header', '--trace', '--stderr'],
  ...['-z', '--time-cond', '--max-redirs', '--retry-delay', '--retry-max-time', '--interface', '--local-port'],
];

/** An `@file` value (`-d @.env`, `-F f=@x`): the file is read and sent. */
const sentFile = (value: Arg): Arg | undefined => {
  const at = value.text.indexOf('@');
  if (at === -1 || (at > 0 && value.text[at - 1] !== '=')) return undefined;
  const file = value.text.slice(at + 1).split(';')[0] ?? '';
  return file === '' || file === '-' ? undefined : { text: file, known: value.known };
};

const urlHosts = (sink: EffectSink, urls: readonly Arg[]): void => {
  for (const url of urls) sink.egress(hostOf(url) ?? (url.known ? hostName(url) : undefined), url.text);
};

/** curl's options by what they do, each list made once (a rest parameter is an array per call). */
const CURL_URL = ['--url'];
const CURL_PROXY = ['-x', '--proxy'];
const CURL_SENDS = ['-d', '--data', '--data-binary', '--data-urlencode', '--json', '-F', '--form'];
const CURL_READS = ['-T', '--upload-file', '-K', '--config', '-b', '--cookie'];
const CURL_WRITES = ['-o', '--output', '-c', '--cookie-jar', '-D', '--dump-header', '--trace'];
const CURL_REMOTE_NAME = ['-O', '--remote-name', '--remote-name-all', '-J'];

const curl: Handler = (args, { sink }) => {
  const options = readOptions(args, CURL_VALUED, true);
  const urls = valuesIn(options, CURL_URL);
  if (options.operands.length + urls.length === 0) sink.egress(undefined, 'curl');
  urlHosts(sink, options.operands);
  urlHosts(sink, urls);
  for (const proxy of valuesIn(options, CURL_PROXY)) sink.egress(hostOf(proxy) ?? hostName(proxy), proxy.text);
  for (const value of valuesIn(options, CURL_SENDS)) {
    const file = sentFile(value);
    if (file !== undefined) sink.path('reads', file);
  }
  for (const file of valuesIn(options, CURL_READS)) {
    if (file.text.includes('=')) continue;
    sink.path('reads', file);
  }
  for (const file of valuesIn(options, CURL_WRITES)) sink.path('writes', file);
  if (hasOptionIn(options, CURL_REMOTE_NAME)) sink.path('writes', { text: '?', known: false });
};

const wget: Handler = (args, { sink }) => {
  const options = readOptions(args, [
    '-O',
    '--output-document',
    '-P',
    '--directory-prefix',
    '-o',
    '--output-file',
    '-a',
    '-i',
    '--input-file',
    '-U',
    '--user-agent',
    '--header',
    '--post-data',
    '--post-file',
    '-t',
    '--tries',
    '-T',
    '--timeout',
    '-e',
    '-l',
    '--level',
    '-A',
    '-R',
  ]);
  const urls = options.operands;
  if (urls.length === 0) sink.egress(undefined, 'wget');
  urlHosts(sink, urls);
  for (const file of optionValues(options, '-i', '--input-file', '--post-file')) {
    sink.path('reads', file);
    sink.egress(undefined, file.text);
  }
  const documents = optionValues(options, '-O', '--output-document');
  for (const file of documents) sink.path('writes', file);
  for (const file of optionValues(options, '-o', '--output-file', '-a')) sink.path('writes', file);
  if (documents.length === 0 && !hasOption(options, '--spider')) {
    sink.path('writes', optionValues(options, '-P', '--directory-prefix')[0] ?? { text: '?', known: false });
  }
};

/** `nc host port`, `telnet host`, `ping host`: the first operand is the host. */
const hostFirst =
  (...valued: string[]): Handler =>
  (args, { sink }) => {
    const options = readOptions(args, valued);
    const host = options.operands[0];
    sink.egress(hostName(host), host?.text ?? '?');
  };

/** `ssh [options] [user@]host [command]`: the host; the remote command runs elsewhere. */
const ssh: Handler = (args, { sink }) => {
  const options = readOptions(args, [
    '-p',
    '-i',
    '-l',
    '-o',
    '-F',
    '-J',
    '-L',
    '-R',
    '-D',
    '-W',
    '-b',
    '-c',
    '-E',
    '-e',
    '-m',
    '-O',
    '-Q',
    '-S',
    '-w',
    '-B',
    '-I',
  ]);
  for (const identity of optionValues(options, '-i', '-F')) sink.path('reads', identity);
  const host = options.operands[0];
  sink.egress(hostName(host), host?.text ?? '?');
};

/** `scp a host:b`, `rsync -a x u@h:y`: remote operands reach their host, local ones are read or written. */
const remoteCopy =
  (...valued: string[]): Handler =>
  (args, context, name) => {
    const options = readOptions(args, valued);
    const remote = (arg: Arg) => /^[^/]*:/.test(arg.text) && !/^[a-z]+:\/\//.test(arg.text);
    const remotes = options.operands.filter(remote);
    if (remotes.length === 0) {
      // Every operand local: a plain copy.
      FILE_COMMANDS['cp']?.(args, context, name);
      return;
    }
    const destination = options.operands.at(-1);
    for (const arg of options.operands) {
      if (remote(arg))
        context.sink.egress(hostName({ text: arg.text.split(':')[0] ?? '', known: arg.known }), arg.text);
      else context.sink.path(arg === destination ? 'writes' : 'reads', arg);
    }
  };

const anyHost: Handler = (_args, { sink }, name) => {
  sink.egress(undefined, name);
};

/** Cloud and cluster command lines reach their service and may do anything there. */
const cloud: Handler = (_args, { sink }, name) => {
  sink.egress(undefined, name);
  sink.unknown(`${name} acts on a remote service`);
};

const httpie: Handler = (args, { sink }) => {
  const options = readOptions(args, ['-a', '--auth', '-o', '--output', '--session', '--verify', '--cert', '--timeout']);
  const url = options.operands.find((arg) => !/^[A-Z]+$/.test(arg.text));
  const host =
    url === undefined ? undefined : (hostOf(url) ?? hostName({ text: url.text.split('/')[0] ?? '', known: url.known }));
  sink.egress(host, url?.text ?? '?');
  for (const out of optionValues(options, '-o', '--output')) sink.path('writes', out);
  for (const item of options.operands) {
    const file = /^[^=@]+=?@(.+)$/.exec(item.text)?.[1];
    if (file !== undefined) sink.path('reads', { text: file, known: item.known });
  }
};

export const NET_COMMANDS: Readonly<Record<string, Handler>> = {
  curl,
  wget,
  nc: hostFirst('-p', '-s', '-w', '-i', '-q', '-x', '-X', '-e', '-c'),
  ncat: hostFirst('-p', '-s', '-w', '-i', '-e', '-c', '--sh-exec', '--exec'),
  netcat: hostFirst('-p', '-s', '-w', '-i', '-q', '-e', '-c'),
  telnet: hostFirst('-l', '-b', '-n'),
  ping: hostFirst('-c', '-i', '-W', '-w', '-s', '-t', '-I'),
  ping6: hostFirst('-c', '-i', '-W', '-w', '-s'),
  traceroute: hostFirst('-m', '-q', '-w', '-p', '-s'),
  dig: (args, { sink }) => {
    const server = args.find((arg) => arg.text.startsWith('@'));
    const name = readOptions(args, ['-p', '-t', '-c', '-q', '-x', '-b', '-f', '-k']).operands.find(
      (arg) => !arg.text.startsWith('@'),
    );
    sink.egress(server === undefined ? undefined : server.text.slice(1), name?.text ?? 'dig');
  },
  nslookup: anyHost,
  host: anyHost,
  whois: hostFirst('-h', '-p'),
  ssh,
  scp: remoteCopy('-P', '-i', '-o', '-F', '-J', '-l', '-c', '-S'),
  sftp: ssh,
  rsync: remoteCopy(
    '-e',
    '--rsh',
    '--exclude',
    '--include',
    '--filter',
    '-f',
    '--exclude-from',
    '--files-from',
    '--chmod',
    '--port',
  ),
  socat: anyHost,
  ftp: hostFirst('-P'),
  http: httpie,
  https: httpie,
  xh: httpie,
  mail: anyHost,
  sendmail: anyHost,
  mutt: anyHost,
  aws: cloud,
  gcloud: cloud,
  gsutil: cloud,
  az: cloud,
  kubectl: cloud,
  helm: cloud,
  terraform: cloud,
  doctl: cloud,
  flyctl: cloud,
  heroku: cloud,
  vercel: cloud,
  netlify: cloud,
};
