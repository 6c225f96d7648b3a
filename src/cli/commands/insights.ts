import { UsageError } from '../args.js';
import { findTenant } from '../../domain/provisioning/tenants.js';
import { isCalendarDay } from '../../clock.js';
import { followSnapshot, startSnapshot } from '../../temporal/analytics.js';
import { lastWholeDay, periodsOf } from '../../domain/strategist/report-run.js';
import { runStrategistReport } from '../../temporal/strategist.js';
import { addCompetitor, CompetitorRefused, listCompetitors, removeCompetitor, scanCompetitors } from '../../domain/strategist/competitors.js';
import { ProgressBar } from '../progress-bar.js';
import type { CommandGroup } from './command.js';

/** Analytics snapshots, strategist reports and the competitors the strategist reads (`temporal setup` runs without a database: ../ctl.ts). */

export const insights: CommandGroup = {
  usage: `  analytics snapshot --tenant ID [--from YYYY-MM-DD]
      (rebuilds the tenant's daily rollups: the days changed since the last run, or every day from --from)
  strategist run --tenant ID --type daily|weekly [--date YYYY-MM-DD]
      (runs the tenant's report workflow now, up to --date, default yesterday UTC; a worker must be running)
  competitors add --tenant ID --url https://HOST [--name N]
  competitors list --tenant ID
  competitors remove --tenant ID --url https://HOST|HOST
  competitors scan --tenant ID
      (fetches the competitors' pages now and queues their headings as strategist topics, names cut out)
  temporal setup [--promote]
      (registers the namespace and the custom search attributes on TEMPORAL_ADDRESS when missing, brings the Schedules to this
       release's: created, updated, the deployment's own no longer wanted deleted; and makes this build's worker version current
       when the deployment has none, or with --promote in any case; once per deploy, before any worker: bin/up runs it with --promote)
  temporal promote [--ramp PERCENT]
      (makes this build's worker version current: new runs start on it, the old version drains; with --ramp, sends
       PERCENT of new runs to it first, 0 ending the ramp; docs/operating.md, "Deploying a workflow change")`,
  commands: {
    'analytics snapshot': async (s, em, f) => {
      const tenant = await findTenant(em, f.required('tenant'));
      const from = f.optional('from') ?? null;
      f.done();
      if (from !== null && (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !isCalendarDay(from))) throw new UsageError('--from is a date such as 2026-11-01');
      const { handle, joined } = await startSnapshot(s, tenant.id, from);
      const bar = ProgressBar.on(process.stderr, 'days');
      const result = await followSnapshot(handle, (p) => bar?.update(p.done, p.total));
      bar?.finish();
      return { tenant: tenant.id, workflow_id: handle.workflowId, joined_running: joined, ...result };
    },
    'strategist run': async (s, em, f) => {
      const tenantId = (await findTenant(em, f.required('tenant'))).id;
      const type = f.required('type');
      const reportDate = f.optional('date') ?? lastWholeDay(s.clock.now());
      f.done();
      if (type !== 'daily' && type !== 'weekly') throw new UsageError('--type is daily or weekly');
      if (!/^\d{4}-\d{2}-\d{2}$/.test(reportDate) || !isCalendarDay(reportDate)) throw new UsageError('--date is a day YYYY-MM-DD');
      periodsOf(type, reportDate);
      const report = await runStrategistReport(await s.temporal.client(), s.config.temporal.taskQueue, tenantId, type, reportDate);
      return { report_id: report.id, created: report.created, tenant_id: tenantId, report_type: type, report_date: reportDate };
    },
    'competitors add': async (s, em, f) => {
      const tenantId = (await findTenant(em, f.required('tenant'))).id;
      const url = f.required('url');
      const name = f.optional('name') ?? null;
      f.done();
      try {
        return { tenant_id: tenantId, ...await addCompetitor(em, tenantId, url, name, s.clock.now()) };
      } catch (err) {
        if (err instanceof CompetitorRefused) throw new UsageError(err.message);
        throw err;
      }
    },
    'competitors list': async (_s, em, f) => {
      const tenantId = (await findTenant(em, f.required('tenant'))).id;
      f.done();
      return { tenant_id: tenantId, competitors: await listCompetitors(em, tenantId) };
    },
    'competitors remove': async (_s, em, f) => {
      const tenantId = (await findTenant(em, f.required('tenant'))).id;
      const url = f.required('url');
      f.done();
      if (!await removeCompetitor(em, tenantId, url)) throw new UsageError(`no competitor ${url} for the tenant`);
      return { tenant_id: tenantId, removed: url };
    },
    'competitors scan': async (s, em, f) => {
      const tenantId = (await findTenant(em, f.required('tenant'))).id;
      f.done();
      // Pages are fetched outside the command's transaction: the scan writes in its own.
      return { tenant_id: tenantId, ...await scanCompetitors(s.orm.em.fork(), tenantId, s.config.webhooks, s.clock.now()) };
    },
  },
};
