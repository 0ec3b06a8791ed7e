/**
 * The dashboard page: one self-contained HTML document — styles and script inline, no CDN, nothing for a
 * user to build. It subscribes to `/events` (Server-Sent Events, reconnecting by itself) and draws what
 * the model sends: a timeline row per event with a bar per hook, decisions colour-coded, problems loud,
 * the slow-hooks table, and filters by event, decision and hook. Every value from an event is set as text
 * (`textContent`), never as HTML: tool inputs are untrusted.
 */
import { DASHBOARD_MAX_ROWS } from './dashboardModel.js';

const STYLE = `
:root { --allow: #2e7d32; --block: #c62828; --ask: #b26a00; --none: #6b7280; --run: #1d4ed8; --bg: #f8fafc; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.4 system-ui, sans-serif; background: var(--bg); color: #111827; }
header { display: flex; gap: 16px; align-items: baseline; padding: 12px 20px; background: #111827; color: #f9fafb; }
header h1 { margin: 0; font-size: 18px; }
#status { margin-left: auto; font-size: 12px; opacity: .8; }
main { display: grid; grid-template-columns: minmax(0, 1fr) 400px; gap: 16px; padding: 16px 20px; }
section h2 { margin: 0 0 8px; font-size: 13px; text-transform: uppercase; letter-spacing: .05em; color: #374151; }
.filters { display: flex; gap: 8px; margin-bottom: 8px; }
.filters select { font: inherit; padding: 2px 4px; }
#rows { display: flex; flex-direction: column; gap: 4px; }
.row { display: grid; grid-template-columns: 70px 140px minmax(0, 1fr) 64px 64px; gap: 8px; align-items: center;
  padding: 6px 8px; background: #fff; border: 1px solid #e5e7eb; border-left: 4px solid var(--none); border-radius: 4px; }
.row.allow { border-left-color: var(--allow); } .row.deny, .row.block { border-left-color: var(--block); }
.row.ask { border-left-color: var(--ask); } .row.running { border-left-color: var(--run); }
.row.problem { background: #fef2f2; border-color: #fca5a5; }
.row[hidden] { display: none; }
.time, .duration { font-variant-numeric: tabular-nums; color: #4b5563; font-size: 12px; }
.event { font-weight: 600; } .project { font-weight: 400; color: #4b5563; font-size: 12px; margin-right: 6px; }
.input { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-family: ui-monospace, monospace; font-size: 12px; }
.decision { justify-self: start; padding: 1px 6px; border-radius: 10px; color: #fff; font-size: 12px; background: var(--none); }
.decision.allow { background: var(--allow); } .decision.deny, .decision.block { background: var(--block); }
.decision.ask { background: var(--ask); } .decision.running { background: var(--run); }
.detail { grid-column: 2 / -1; display: flex; flex-direction: column; gap: 2px; }
.timeline { position: relative; background: #f3f4f6; border-radius: 3px; }
.bar { position: absolute; height: 8px; min-width: 3px; border-radius: 2px; background: var(--allow); }
.bar.blocked { background: var(--block); } .bar.running { background: var(--run); opacity: .6; }
.bar.warning, .bar.timeout, .bar.failed, .bar.untrusted { background: #f97316; } .bar.canceled, .bar.skipped { background: #9ca3af; }
.hooks { display: flex; flex-wrap: wrap; gap: 4px 12px; font-size: 12px; color: #374151; }
.problem-badge { color: #fff; background: var(--block); border-radius: 3px; padding: 0 5px; font-weight: 600; }
.reason { font-size: 12px; color: #7f1d1d; }
#problems { margin-bottom: 16px; }
#problems ul { margin: 0; padding: 0; list-style: none; }
#problems li { padding: 6px 8px; margin-bottom: 4px; border-radius: 4px; background: var(--block); color: #fff; font-weight: 600; }
#problems .none { background: #e5e7eb; color: #374151; font-weight: 400; }
table { width: 100%; border-collapse: collapse; background: #fff; font-size: 12px; }
th, td { padding: 4px 6px; border-bottom: 1px solid #e5e7eb; text-align: right; white-space: nowrap; }
th:first-child, td:first-child { text-align: left; }
td.bad { color: var(--block); font-weight: 600; }
`;

const SCRIPT = `
'use strict';
const rows = new Map();
const seen = { project: new Set(), event: new Set(), decision: new Set(), hook: new Set() };
const el = (tag, className, text) => {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
};
const filter = (name) => document.getElementById('filter-' + name).value;
const visible = (row) =>
  (filter('project') === '' || row.project === filter('project')) &&
  (filter('event') === '' || row.event === filter('event')) &&
  (filter('decision') === '' || row.decision === filter('decision')) &&
  (filter('hook') === '' || row.hooks.some((bar) => bar.label === filter('hook')));
const remember = (name, value) => {
  if (value === '' || seen[name].has(value)) return;
  seen[name].add(value);
  const select = document.getElementById('filter-' + name);
  select.hidden = false;
  const option = el('option', '', value);
  option.value = value;
  select.appendChild(option);
};
const ms = (value) => (value === undefined ? '' : Math.round(value) + ' ms');
const render = (row) => {
  const problems = row.hooks.filter((bar) => bar.problem);
  const node = el('div', 'row ' + (row.state === 'running' ? 'running' : row.decision) + (problems.length ? ' problem' : ''));
  node.dataset.id = row.id;
  node.dataset.event = row.event;
  node.dataset.decision = row.decision;
  node.appendChild(el('span', 'time', new Date(row.at).toLocaleTimeString()));
  const event = el('span', 'event', row.event);
  if (row.project) {
    // The directory's last name before the event, the whole path on hover and in the filter.
    const project = el('span', 'project', row.project.split('/').filter(Boolean).pop() || row.project);
    project.title = row.project;
    node.dataset.project = row.project;
    event.prepend(project);
  }
  node.appendChild(event);
  node.appendChild(el('span', 'input', row.input));
  node.appendChild(el('span', 'decision ' + (row.state === 'running' ? 'running' : row.decision),
    row.state === 'running' ? 'running' : row.decision));
  node.appendChild(el('span', 'duration', ms(row.durationMs)));
  const detail = el('div', 'detail');
  if (row.hooks.length > 0) {
    const span = Math.max(1, row.durationMs || 0, ...row.hooks.map((bar) => bar.startMs + (bar.durationMs || 0)));
    const timeline = el('div', 'timeline');
    // One lane per hook: parallel hooks overlap in time, not on screen.
    timeline.style.height = (4 + 10 * row.hooks.length) + 'px';
    const names = el('div', 'hooks');
    for (const [lane, bar] of row.hooks.entries()) {
      const block = el('div', 'bar ' + (bar.outcome || 'running'));
      block.style.top = (2 + 10 * lane) + 'px';
      block.style.left = (100 * bar.startMs / span) + '%';
      block.style.width = (100 * (bar.durationMs === undefined ? span - bar.startMs : bar.durationMs) / span) + '%';
      block.title = bar.label + ': ' + (bar.outcome || 'running') + (bar.durationMs === undefined ? '' : ' in ' + ms(bar.durationMs));
      timeline.appendChild(block);
      const state = bar.outcome || (bar.status ? 'running: ' + bar.status : 'running');
      const name = el('span', 'hook', bar.label + ' ' + state + ' ' + ms(bar.durationMs));
      name.dataset.hook = bar.label;
      if (bar.problem) name.appendChild(el('span', 'problem-badge', bar.problem));
      names.appendChild(name);
      remember('hook', bar.label);
    }
    detail.appendChild(timeline);
    detail.appendChild(names);
  } else if (row.state === 'decided') {
    detail.appendChild(el('div', 'hooks', 'no hook ran'));
  }
  if (row.reason) detail.appendChild(el('div', 'reason', row.reason));
  node.appendChild(detail);
  node.hidden = !visible(row);
  return node;
};
const KINDS = {
  'not-found': 'command not found (127)', 'not-executable': 'not executable (126)', untrusted: 'not approved',
  timeout: 'timed out', failed: 'failed to run', exit: 'failed open', internal: 'hookstream error',
};
const drawProblems = (hooks) => {
  const list = document.querySelector('#problems ul');
  list.replaceChildren();
  for (const hook of hooks) {
    for (const kind of Object.keys(hook.problems)) {
      const item = el('li', 'problem', hook.label + ': ' + (KINDS[kind] || kind) + ' × ' + hook.problems[kind]);
      item.dataset.kind = kind;
      list.appendChild(item);
    }
  }
  if (list.children.length === 0) list.appendChild(el('li', 'none', 'no problem seen'));
};
const drawStats = (hooks) => {
  const body = document.querySelector('#slow tbody');
  body.replaceChildren();
  for (const hook of hooks) {
    const line = el('tr');
    line.dataset.hook = hook.label;
    const failures = Object.values(hook.problems).reduce((sum, n) => sum + n, 0);
    for (const [text, bad] of [[hook.label, false], [String(hook.count), false], [ms(hook.p50), false],
      [ms(hook.p95), false], [ms(hook.max), false], [String(failures), failures > 0]]) {
      line.appendChild(el('td', bad ? 'bad' : '', text));
    }
    body.appendChild(line);
  }
  drawProblems(hooks);
};
const list = document.getElementById('rows');
const put = (row) => {
  const node = render(row);
  const old = rows.get(row.id);
  rows.set(row.id, { row, node });
  if (row.project) remember('project', row.project);
  remember('event', row.event);
  remember('decision', row.decision);
  if (old) old.node.replaceWith(node);
  else list.prepend(node);
  while (list.children.length > ${DASHBOARD_MAX_ROWS}) {
    const last = list.lastElementChild;
    rows.delete(last.dataset.id);
    last.remove();
  }
  document.getElementById('count').textContent = rows.size + ' events';
};
for (const name of Object.keys(seen)) {
  document.getElementById('filter-' + name).addEventListener('change', () => {
    for (const { row, node } of rows.values()) node.hidden = !visible(row);
  });
}
const status = document.getElementById('status');
const source = new EventSource('events');
source.onopen = () => { status.textContent = 'live'; };
source.onerror = () => { status.textContent = 'reconnecting…'; };
source.onmessage = (message) => {
  const data = JSON.parse(message.data);
  if (data.type === 'row') put(data.row);
  else if (data.type === 'stats') drawStats(data.hooks);
};
`;

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] ?? char);

/** The page, titled with what it shows (a session, a recording file). */
export const dashboardPage = (title: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>hookstream · ${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><h1>hookstream</h1><span id="source">${escapeHtml(title)}</span><span id="count">0 events</span><span id="status">connecting…</span></header>
<main>
<section>
<h2>Events</h2>
<div class="filters">
<select id="filter-project" aria-label="project" hidden><option value="">all projects</option></select>
<select id="filter-event" aria-label="event"><option value="">all events</option></select>
<select id="filter-decision" aria-label="decision"><option value="">all decisions</option></select>
<select id="filter-hook" aria-label="hook"><option value="">all hooks</option></select>
</div>
<div id="rows"></div>
</section>
<aside>
<section id="problems"><h2>Problems</h2><ul><li class="none">no problem seen</li></ul></section>
<section id="slow"><h2>Slow hooks</h2>
<table><thead><tr><th>hook</th><th>runs</th><th>p50</th><th>p95</th><th>max</th><th>failed</th></tr></thead><tbody></tbody></table>
</section>
</aside>
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
