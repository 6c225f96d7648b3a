import { UsageError } from '../args.js';
import { findTenant } from '../../domain/provisioning/tenants.js';
import { Integration } from '../../entities/integration.js';
import { wakeRelay } from '../../domain/events/outbox-wakeup.js';
import { triggerEvent } from '../../domain/events/triggers.js';
import type { CommandGroup } from './command.js';

/** `events trigger`: a real event of any type, as `stripe trigger` raises one (src/domain/events/triggers.ts). */
export const events: CommandGroup = {
  usage: `  events trigger TYPE --tenant ID [--integration ID] [--webhook ID]
      (makes the objects of an event of TYPE through the domain code, e.g. a customer's conversation and its lead, so
       a real event goes to the tenant's subscriptions; answers every event the change raised. --integration: whose api
       channel and paid work (default the tenant's oldest active integration); --webhook: the subscription webhook.test
       goes to, or webhook.paused pauses as failing (as the platform does; status active resumes it). A paid type (article.ready, operation.completed, strategist.turn.completed) charges as the real work does;
       lead.action_requested needs an external CRM mode; crm.mode_changed switches the mode and back)`,
  positional: { 'events trigger': 1 },
  ownTransactions: ['events trigger'],
  commands: {
    'events trigger': async (s, em, f, afterCommit, [type]) => {
      const tenantId = (await findTenant(em, f.required('tenant'))).id;
      const named = f.optional('integration');
      const webhookId = f.optional('webhook') ?? null;
      f.done();
      const integration = named
        ? await em.findOne(Integration, { id: named, tenantId })
        : await em.findOne(Integration, { tenantId, status: 'active' }, { orderBy: { createdAt: 'asc', id: 'asc' } });
      if (!integration) throw new UsageError(named ? `no integration ${named} of the tenant` : 'the tenant has no active integration (--integration ID)');
      const triggered = await triggerEvent(s, type!, { tenantId, integrationId: integration.id, webhookId });
      afterCommit(() => wakeRelay(s.redis));
      return { tenant_id: tenantId, integration_id: integration.id, ...triggered };
    },
  },
};
