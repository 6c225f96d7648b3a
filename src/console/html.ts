import { escapeHtml } from '../escape-html.js';

/**
 * Server-rendered HTML for the support console: every value is escaped unless it is itself
 * Html built by `html`, so customer or integrator text can never become markup.
 */
export class Html {
  constructor(readonly text: string) {}
}


function render(value: unknown): string {
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Date) return escapeHtml(value.toISOString());
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0]!;
  values.forEach((v, i) => {
    out += render(v) + strings[i + 1]!;
  });
  return new Html(out);
}

/** A time as support reads it: UTC to the second. */
export function time(d: Date | string | null | undefined): string {
  if (!d) return '—';
  return new Date(d).toISOString().replace('T', ' ').replace(/\.\d{3}Z$/, ' UTC');
}

export const CONSOLE_CSS = `
*{box-sizing:border-box}body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933;background:#f5f7fa}
header{display:flex;align-items:center;gap:18px;padding:10px 22px;background:#12263a;color:#fff}
header a{color:#fff;text-decoration:none}header .brand{font-weight:600}header form{margin-left:auto;display:flex;gap:8px;align-items:center}
header input[type=search]{width:340px}main{padding:18px 22px;max-width:1240px}
h1{font-size:20px;margin:4px 0 12px}h2{font-size:16px;margin:22px 0 8px}
table{border-collapse:collapse;width:100%;background:#fff;border:1px solid #d9e2ec}
th,td{text-align:left;padding:6px 9px;border-bottom:1px solid #e4e7eb;vertical-align:top}th{background:#f0f4f8;font-weight:600}
code,.id{font:12px ui-monospace,SFMono-Regular,Menlo,monospace}
.state{display:inline-block;padding:1px 8px;border-radius:10px;font-size:12px;font-weight:600}
.state-delivered,.state-active{background:#d1fae5;color:#065f46}.state-failed{background:#fef3c7;color:#92400e}
.state-dead,.state-negative,.state-blocked{background:#fee2e2;color:#991b1b}.state-succeeded,.state-ok{background:#d1fae5;color:#065f46}.state-low{background:#fef3c7;color:#92400e}
.state-queued,.state-running{background:#e0e7ff;color:#3730a3}.state-canceled,.state-unknown{background:#e5e7eb;color:#374151}.state-sandbox{background:#f3e8ff;color:#6b21a8;margin-left:8px;text-decoration:none}.state-pending{background:#e0e7ff;color:#3730a3}.state-paused,.state-inactive,.state-suspended,.state-revoked{background:#e5e7eb;color:#374151}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;background:#fff;border:1px solid #d9e2ec;padding:12px 16px;margin:0}dt{color:#52606d}dd{margin:0}
form.inline{display:inline}form.filters{display:flex;gap:10px;align-items:end;flex-wrap:wrap;margin:8px 0}form.filters label{display:flex;flex-direction:column;font-size:12px;color:#52606d}
button{background:#1d4ed8;color:#fff;border:0;border-radius:4px;padding:6px 12px;font:inherit;cursor:pointer}button.secondary{background:#52606d}button:disabled{background:#9aa5b1;cursor:default}
input,select{font:inherit;padding:4px 6px;border:1px solid #bcccdc;border-radius:4px}
.notice{padding:8px 12px;border-radius:4px;margin:8px 0;background:#e0f2fe;border:1px solid #7dd3fc}.error{background:#fee2e2;border-color:#fca5a5}
.muted{color:#7b8794}.actions{display:flex;gap:10px;margin:12px 0}progress{width:420px;height:18px}
.login{max-width:360px;margin:80px auto;background:#fff;border:1px solid #d9e2ec;padding:22px}.login label{display:block;margin:10px 0 4px}.login input{width:100%}
`;

export interface Layout {
  title: string;
  /** The signed-in operator (null: the sign-in page); an admin's header links to the operators. */
  operator: { name: string; email: string; admin: boolean } | null;
  /** The session's form token, for the header's forms. */
  token: string | null;
  query?: string;
  notice?: { text: string; error?: boolean };
  /** Seconds after which the page reloads itself (a running recovery), no script needed. */
  refreshSeconds?: number;
}

export function page(l: Layout, body: Html): string {
  const header = l.operator
    ? html`<header><a class="brand" href="/">Support console</a><a href="/actions">Actions</a>${l.operator.admin ? html`<a href="/operators">Operators</a>` : ''}
<form method="get" action="/"><input type="search" name="q" placeholder="An id (evt_, key_, req_, an operation's, a tenant's…) or a name" value="${l.query ?? ''}" aria-label="Find"><button type="submit">Find</button></form>
<span title="${l.operator.email}">${l.operator.name}</span><form method="post" action="/logout"><input type="hidden" name="token" value="${l.token}"><button class="secondary" type="submit">Log out</button></form></header>`
    : html`<header><span class="brand">Support console</span></header>`;
  const notice = l.notice ? html`<div class="notice${l.notice.error ? ' error' : ''}" role="status">${l.notice.text}</div>` : '';
  const refresh = l.refreshSeconds ? html`<meta http-equiv="refresh" content="${l.refreshSeconds}">` : '';
  return `<!doctype html>\n${html`<html lang="en"><head><meta charset="utf-8"><title>${l.title} · Support console</title>
<meta name="viewport" content="width=device-width,initial-scale=1">${refresh}<link rel="stylesheet" href="/console.css"></head>
<body>${header}<main>${notice}${body}</main></body></html>`.text}`;
}

export function stateBadge(state: string): Html {
  return html`<span class="state state-${state}">${state}</span>`;
}
