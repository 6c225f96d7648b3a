import Router from '@koa/router';
import type { Release } from '../../config.js';
import { escapeHtml } from '../../escape-html.js';
import type { StatusDocument, StatusMap } from '../../domain/status/status-map.js';

const LABEL: Record<string, string> = { operational: 'Operational', degraded: 'Degraded', outage: 'Outage' };
const COLOR: Record<string, string> = { operational: '#1a7f37', degraded: '#9a6700', outage: '#cf222e' };

function page(d: StatusDocument): string {
  const rows = d.components.map((c) => `<tr><th scope="row">${escapeHtml(c.name)}</th>`
    + `<td style="color:${COLOR[c.status]}"><b>${LABEL[c.status]}</b>${c.reason ? `<br><small>${escapeHtml(c.reason)}</small>` : ''}</td>`
    + `<td><small>${Object.entries(c.figures).map(([k, v]) => `${escapeHtml(k)}: ${escapeHtml(String(v ?? '—'))}`).join('<br>')}</small></td></tr>`).join('\n');
  const cells = d.cells.map((c) => `<a href="${escapeHtml(c.status_url)}">${escapeHtml(c.cell)}</a>`).join(' · ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="30"><title>Status — ${escapeHtml(d.cell)} cell</title>
<style>body{font:15px/1.45 system-ui,sans-serif;max-width:56rem;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse;width:100%}
th,td{text-align:left;vertical-align:top;padding:.5rem;border-bottom:1px solid #ddd}</style></head>
<body><h1 style="color:${COLOR[d.status]}">${escapeHtml(d.cell)} cell: ${LABEL[d.status]}</h1>
<p>Routes answering: ${d.release_labels.map(escapeHtml).join(', ')}.</p>
<p>Updated ${escapeHtml(d.updated_at)} (refreshes every 30 s). JSON: <code>curl -H 'Accept: application/json' ${'{cell origin}'}/status</code>. Other cells: ${cells}</p>
<table><thead><tr><th>Component</th><th>Status</th><th>Figures (last 15 minutes)</th></tr></thead><tbody>
${rows}
</tbody></table></body></html>`;
}

/**
 * The status map's release label: spec 01 lists the status map as Planned, so GET /status and
 * GET /me/status answer only where RELEASED_LABELS has it (docs/adr/0089-issue-42-item-6-five-readings-of-the-spec.md, item b);
 * elsewhere both are 404 not_found like an unknown path.
 */
export const STATUS_MAP_RELEASE: Release = 'planned';

/**
 * GET /status on the cell origin, no key: the status map as JSON, or as a page for a browser
 * (Accept: text/html). Never a tenant's data: counts, ages and rates of the whole cell.
 * Mounted only where STATUS_MAP_RELEASE answers (src/app.ts).
 */
export function statusRouter(map: StatusMap): Router {
  const router = new Router();
  router.get('/status', async (ctx) => {
    ctx.state.routeLabel = 'GET /status';
    const document = await map.document();
    ctx.set('Cache-Control', 'public, max-age=5');
    ctx.vary('Accept');
    if (ctx.accepts('json', 'html') === 'html') {
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = page(document);
    } else {
      ctx.body = document;
    }
  });
  return router;
}
