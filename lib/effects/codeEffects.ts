/**
 * The effects of a one-line program given to an interpreter (`python -c`, `node -e`, `ruby -e`, `perl -e`,
 * `php -r`), for the common idioms only: a literal file opened for reading is `reads`, one opened for writing
 * `writes`, a delete call `deletes`, a network module `egress`, a subprocess call `unknown`. Code is only
 * "clearly read" when, after the idioms it recognises are taken out, no name that could touch files,
 * processes or the network is left; anything else is `unknown`.
 */
import type { EffectSink } from './sink.js';

const LITERAL = String.raw`\s*(?:['"]([^'"\\]+)['"])`;

/** Reading a literal file: `open('x')`, `open("x", "r")`, `readFileSync('x')`, `File.read("x")`, `Path('x').read_text()`. */
const READS = [
  new RegExp(String.raw`\bopen\(${LITERAL}\s*(?:,\s*['"]r[bt]?['"]\s*)?\)`, 'g'),
  new RegExp(String.raw`\b(?:fs\.)?readFileSync\(${LITERAL}[^)]*\)`, 'g'),
  new RegExp(String.raw`\bFile\.read(?:lines)?\(${LITERAL}\)`, 'g'),
  new RegExp(String.raw`\bPath\(${LITERAL}\)\.read_(?:text|bytes)\(\)`, 'g'),
  new RegExp(String.raw`\bfile_get_contents\(${LITERAL}\)`, 'g'),
];

/** Writing a literal file: `open('x', 'w')`, `writeFileSync('x', …)`, `Path('x').write_text(…)`, `File.write('x', …)`. */
const WRITES = [
  new RegExp(String.raw`\bopen\(${LITERAL}\s*,\s*['"][rwxab+t]*[wax+][rwxab+t]*['"]`, 'g'),
  new RegExp(
    String.raw`\b(?:fs\.)?(?:writeFileSync|appendFileSync|writeFile|appendFile|createWriteStream)\(${LITERAL}`,
    'g',
  ),
  new RegExp(String.raw`\bPath\(${LITERAL}\)\.(?:write_text|write_bytes|touch|mkdir)\(`, 'g'),
  new RegExp(String.raw`\bFile\.(?:write|open)\(${LITERAL}`, 'g'),
  new RegExp(String.raw`\bfile_put_contents\(${LITERAL}`, 'g'),
  new RegExp(String.raw`\bopen\(\s*\w+\s*,\s*['"]\s*>>?\s*([^'"]+)['"]`, 'g'),
];
const DELETES =
  /\b(?:os\.(?:remove|unlink|rmdir|removedirs)|shutil\.rmtree|unlinkSync|rmSync|rmdirSync|fs\.(?:rm|unlink|rmdir)|File\.delete|FileUtils\.rm\w*|unlink|rmtree|Path\([^)]*\)\.(?:unlink|rmdir))\s*[("']/;
const EGRESS =
  /\b(?:urllib\d?|requests|http\.client|httpx|aiohttp|socket|urlopen|fetch|XMLHttpRequest|https?\.(?:get|request)|net\.(?:connect|createConnection)|Net::HTTP|open-uri|LWP|IO::Socket|HTTP::Tiny|curl_init|fsockopen|smtplib|ftplib|paramiko|WebSocket)\b/;
const RUNS =
  /\b(?:subprocess|os\.(?:system|popen|exec\w*|spawn\w*|fork)|pty|child_process|execSync|spawnSync|execFile\w*|exec|eval|system|popen|spawn|Popen|__import__|importlib|Kernel|IO\.popen|proc_open|shell_exec|passthru|ctypes|Deno\.run|Bun\.spawn|require\s*\(\s*[^'")]|import\s*\(\s*[^'")])\b|`/;
/** Names that may touch files, the environment or the network, left after the recognised idioms are taken out. */
const POWER =
  /(?<![.\w])(?:open|write\w*|os|sys\.argv|shutil|pathlib|Path|fs|File|FileUtils|Dir|IO|process\.env|environ|putenv|setenv|chmod|chown|rename|replace|copy\w*|move|mkdir|makedirs|symlink|link|truncate|unlink|remove|print\s*>|STDOUT\.reopen|net|http|https|dgram|dns|tls|require|import|use|include|load|Deno|Bun)\b/;
/** Imports that only compute or read stdin. */
const HARMLESS_IMPORTS =
  /\b(?:import\s+(?:json|sys|re|math|base64|hashlib|datetime|time|collections|itertools|functools|string|textwrap|uuid|random|statistics|decimal|fractions|pprint|yaml|csv|tomllib)(?:\s*,\s*(?:json|sys|re|math|base64|hashlib|datetime|time|collections|itertools|functools|string|textwrap|uuid|random|statistics|yaml|csv|tomllib))*|from\s+(?:json|sys|re|math|datetime|collections|pathlib)\s+import\s+[\w, ]+|require\(\s*['"](?:fs|node:fs|path|node:path|os|node:os|util|node:util|crypto|node:crypto)['"]\s*\)|use\s+(?:strict|warnings|JSON::PP|Data::Dumper|List::Util)\b[^;]*)/g;

/** Adds the effects of `code` run by `language` (for messages) to `sink`. */
export const codeEffects = (code: string, language: string, sink: EffectSink): void => {
  let rest = code;
  let found = false;
  for (const pattern of WRITES) {
    for (const match of code.matchAll(pattern)) {
      found = true;
      const file = match[1];
      sink.path('writes', file === undefined ? { text: '?', known: false } : { text: file, known: true });
      rest = rest.replace(match[0], ' ');
    }
  }
  for (const pattern of READS) {
    for (const match of rest.matchAll(pattern)) {
      sink.path('reads', { text: match[1] ?? '?', known: match[1] !== undefined });
      rest = rest.replace(match[0], ' ');
    }
  }
  if (DELETES.test(code)) {
    found = true;
    sink.add('deletes', undefined, `${language} code`);
  }
  if (EGRESS.test(code)) {
    found = true;
    sink.egress(undefined, `${language} code`);
  }
  if (RUNS.test(rest)) {
    sink.unknown(`${language} code runs a program`);
    return;
  }
  rest = rest.replace(HARMLESS_IMPORTS, ' ').replace(/(['"])(?:(?!\1)[^\\]|\\.)*\1/g, '""');
  if (!found && POWER.test(rest)) sink.unknown(`${language} code not clearly read-only`);
  else if (found && POWER.test(rest.replace(/\b(?:open|write|urlopen|requests|socket|os|shutil|fs)\b/g, ''))) {
    sink.unknown(`${language} code not fully read`);
  }
};
