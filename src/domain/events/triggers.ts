import type { Services } from '../../services.js';
import type { Em } from '../../db/em.js';
import { newId } from '../../ids.js';
import { Integration } from '../../entities/integration.js';
import { Tenant } from '../../entities/tenant.js';
import { Webhook } from '../../entities/webhook.js';
import { StrategistReport } from '../../entities/strategist.js';
import { domainError } from '../../errors/domain-error.js';
import { DEFAULT_COUNTRY } from '../contacts/contact-details.js';
import { CELL_CURRENCY } from '../wallet/money.js';
import { findOrCreateConversation } from '../conversations/find-or-create.js';
import { appendMessage } from '../conversations/messages.js';
import { closeConversation, requestHandoff } from '../conversations/state-moves.js';
import { changeLead } from '../leads/lead-changes.js';
import { scoreLeadNow, setIntegratorScore } from '../leads/lead-scoring.js';
import { addTask, completeTask } from '../leads/tasks.js';
import { setCrmMode } from '../provisioning/crm-mode.js';
import { issueApiKey } from '../provisioning/api-keys.js';
import { raiseKeyExpiryNotices } from '../access/key-expiry.js';
import { approveArticle, createArticle, updateArticle } from '../articles/articles.js';
import { publishArticle } from '../articles/publications.js';
import { composeArticle, endGeneration, writeGeneratedArticle, type GenerationInput } from '../articles/generation.js';
import { createOperation } from '../operations/operations.js';
import { createSession } from '../strategist/sessions.js';
import { composeStrategistAnswer, writeTurnAnswer, type TurnInput } from '../strategist/turns.js';
import { lastWholeDay, reportSourcesFor, writeReport } from '../strategist/report-run.js';
import { queueTestEvent } from '../webhooks/test-event.js';
import { recordPaused } from '../webhooks/failing-pause.js';
import { isSandbox } from '../sandbox/shadows.js';
import { StrategistTurn } from '../../entities/strategist-turn.js';
import { Lead } from '../../entities/lead.js';
import { ALL_EVENT_TYPES, type EventType } from './event-types.js';
import type { Conversation } from '../../entities/conversation.js';

/**
 * `bin/ctl events trigger <type>` (issue 31 item 4), as `stripe trigger` does: each event type
 * of spec 01 is raised by making the objects it is about through the same domain code the API
 * and the workflows use (a customer's conversation, its lead, an article, a generation...),
 * so the event is a real one of a real object, recorded in the outbox with everything else the
 * change raises, and delivered to the tenant's subscriptions like any other. Each step commits
 * on its own, as the API's requests would.
 */

export interface TriggerScope {
  tenantId: string;
  /** The integration whose api channel the customer writes to, which orders the paid work and owns the subscription of webhook.test. */
  integrationId: string;
  /** For webhook.test: the subscription to test (default: the integration's oldest). */
  webhookId?: string | null;
}

export interface Triggered {
  type: EventType;
  /** Every event the changes raised, the asked type among them, by the time they were recorded (one transaction's events in no set order). */
  events: { id: string; type: string }[];
  /** The objects made, by kind. */
  objects: Record<string, string>;
}

interface Step {
  s: Services;
  scope: TriggerScope;
  /** Runs `fn` in a transaction of its own; the events it recorded are collected. */
  tx<T>(fn: (em: Em) => Promise<T>): Promise<T>;
  objects: Record<string, string>;
}

const CUSTOMER_TEXT = 'Hello! How much is the Runner X, and how fast is delivery to my city?';

/** A customer writes in on the integration's api channel: conversation.created (and with an e-mail, lead.created). */
async function customer(step: Step, em: Em, withEmail: boolean, email?: string): Promise<Conversation> {
  const id = newId().slice(0, 8);
  const { conversation } = await findOrCreateConversation(em, {
    tenantId: step.scope.tenantId, integrationId: step.scope.integrationId, country: DEFAULT_COUNTRY[step.s.config.cell],
  }, {
    externalCustomerId: `trigger-${newId()}`, name: 'Alex Trigger',
    ...(withEmail ? { email: email ?? `alex.trigger+${id}@example.com` } : {}),
    page: { address: 'https://shop.example.com/catalogue/runner-x', title: 'Runner X' },
  }, step.s.clock.now());
  step.objects.conversation_id = conversation.id;
  if (conversation.contactId) step.objects.contact_id = conversation.contactId;
  return conversation;
}

async function customerSays(step: Step, em: Em, conversation: Conversation): Promise<void> {
  const message = await appendMessage(em, conversation, { sender: 'customer', content: CUSTOMER_TEXT, aiReply: { status: 'skipped', reason: 'ai_not_permitted' } }, step.s.clock.now());
  step.objects.message_id = message.id;
}

/** A customer who left an e-mail: the conversation and its open lead. */
async function lead(step: Step, em: Em): Promise<{ conversation: Conversation; leadId: string }> {
  const conversation = await customer(step, em, true);
  await customerSays(step, em, conversation);
  await em.flush();
  await em.refresh(conversation);
  if (!conversation.leadId) throw new Error('the customer with an e-mail got no lead');
  step.objects.lead_id = conversation.leadId;
  return { conversation, leadId: conversation.leadId };
}

const changeContext = (step: Step) => ({ tenantId: step.scope.tenantId, currency: CELL_CURRENCY[step.s.config.cell], now: step.s.clock.now() });

async function article(step: Step, em: Em): Promise<string> {
  const made = await createArticle(em, step.scope.tenantId, { title: 'Choosing running shoes', status: 'draft', content: '<p>Fit first, then the sole.</p>' }, step.s.clock.now());
  step.objects.article_id = made.id;
  return made.id;
}

/** An operation the trigger works itself, as the workflow's activities do (marked running, so no starter starts a workflow for it). */
async function operation(step: Step, type: 'article.generation' | 'strategist.turn', input: Record<string, unknown>, resource: { type: string; id: string } | null): Promise<string> {
  return step.tx(async (em) => {
    const op = createOperation(em, { tenantId: step.scope.tenantId, integrationId: step.scope.integrationId, type, input, resource, costCeilingRub: '50.00' }, step.s.clock.now());
    // A generation job is its own operation's resource (as requestGeneration makes it).
    if (!resource) Object.assign(op, { resourceType: 'generation_job', resourceId: op.id });
    op.status = 'running';
    op.startedAt = step.s.clock.now();
    step.objects.operation_id = op.id;
    await em.flush();
    return op.id;
  });
}

async function generation(step: Step): Promise<string> {
  const input: GenerationInput = { keyword: 'running shoes for beginners', title: null, locale: null, topic_id: null, article_id: newId() };
  const id = await operation(step, 'article.generation', { ...input }, null);
  step.objects.article_id = input.article_id;
  return id;
}

const RECIPES: Record<EventType, (step: Step) => Promise<void>> = {
  'conversation.created': (step) => step.tx(async (em) => { await customer(step, em, false); }),
  'message.created': (step) => step.tx(async (em) => { await customerSays(step, em, await customer(step, em, false)); }),
  'conversation.handoff_requested': (step) => step.tx(async (em) => {
    const conversation = await customer(step, em, false);
    await customerSays(step, em, conversation);
    await requestHandoff(em, conversation, 'The customer asked for a person.', step.s.clock.now());
  }),
  'conversation.summary_ready': (step) => step.tx(async (em) => {
    const conversation = await customer(step, em, false);
    await customerSays(step, em, conversation);
    await em.flush();
    await closeConversation(em, { tenantId: step.scope.tenantId, conversationId: conversation.id }, step.s.clock.now());
  }),
  'lead.created': (step) => step.tx(async (em) => { await lead(step, em); }),
  'lead.updated': async (step) => {
    const { leadId } = await step.tx((em) => lead(step, em));
    await step.tx((em) => changeLead(em, changeContext(step), leadId, '*', { next_action: 'Call back about the Runner X' }));
  },
  'lead.status_changed': async (step) => {
    const { leadId } = await step.tx((em) => lead(step, em));
    await step.tx((em) => changeLead(em, changeContext(step), leadId, '*', { status: 'contacted' }));
  },
  'lead.scored': async (step) => {
    const { leadId } = await step.tx((em) => lead(step, em));
    const scored = await step.tx((em) => scoreLeadNow(em, leadId, step.s.clock.now()));
    if (!scored) await step.tx((em) => setIntegratorScore(em, step.scope.tenantId, leadId, { score: 70, reason: 'Triggered.' }, step.s.clock.now()));
  },
  'lead.action_requested': async (step) => {
    const tenant = await step.s.orm.em.fork().findOneOrFail(Tenant, { id: step.scope.tenantId });
    if (tenant.crmMode === 'internal') {
      throw domainError('invalid_state', 'lead.action_requested goes to an external CRM: the tenant works its leads itself (bin/ctl tenant set-crm-mode --mode NAME first).');
    }
    // Contact details, the price and delivery asked: a hot lead, which an external CRM is asked to act on.
    const { leadId } = await step.tx((em) => lead(step, em));
    await step.tx((em) => scoreLeadNow(em, leadId, step.s.clock.now()));
  },
  'task.created': async (step) => {
    const { leadId } = await step.tx((em) => lead(step, em));
    await step.tx(async (em) => { step.objects.task_id = addTask(em, await leadRow(em, leadId), { title: 'Call the customer back', dueAt: step.s.clock.now(), source: 'api' }, step.s.clock.now()).id; });
  },
  'task.completed': async (step) => {
    await RECIPES['task.created'](step);
    await step.tx(async (em) => { await completeTask(em, await leadRow(em, step.objects.lead_id!), step.objects.task_id!, step.s.clock.now()); });
  },
  'contact.merged': async (step) => {
    // The same customer writes in twice under two ids of the caller's system, with one e-mail: the second contact merges into the first.
    const email = `alex.trigger+${newId().slice(0, 8)}@example.com`;
    await step.tx(async (em) => { step.objects.first_conversation_id = (await customer(step, em, true, email)).id; });
    await step.tx(async (em) => { await customer(step, em, true, email); });
  },
  'crm.mode_changed': async (step) => {
    // The tenant moves its leads to another CRM and back: two real changes, the tenant's mode as it was.
    const tenant = await step.s.orm.em.fork().findOneOrFail(Tenant, { id: step.scope.tenantId });
    const previous = tenant.crmMode;
    await step.tx((em) => setCrmMode(em, step.scope.tenantId, previous === 'internal' ? 'hubspot' : 'internal', step.s.clock.now()));
    await step.tx((em) => setCrmMode(em, step.scope.tenantId, previous, step.s.clock.now()));
  },
  'article.ready': async (step) => {
    const id = await generation(step);
    await writeGeneratedArticle(step.s, id, await composeArticle(step.s, id));
  },
  'article.published': async (step) => {
    const id = await step.tx((em) => article(step, em));
    await step.tx((em) => approveArticle(em, step.scope.tenantId, id, step.s.clock.now()));
    await step.tx((em) => publishArticle(em, step.scope.tenantId, id, { target: 'none' }, step.s.clock.now()));
    await step.tx((em) => updateArticle(em, step.scope.tenantId, id, { published_url: `https://shop.example.com/blog/${id}` }, step.s.clock.now()));
  },
  'article.generation.failed': async (step) => {
    const id = await generation(step);
    delete step.objects.article_id;
    await endGeneration(step.s, id, { status: 'failed', error: { code: 'upstream_unavailable', message: 'The article generator did not answer.' } });
  },
  'strategist.report.ready': async (step) => {
    // The latest day without a daily report: a report is written once per period.
    const em = step.s.orm.em.fork();
    let day = lastWholeDay(step.s.clock.now());
    while (await em.count(StrategistReport, { tenantId: step.scope.tenantId, reportType: 'daily', reportDate: day, creative: false })) {
      day = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    }
    const sources = reportSourcesFor(step.s.config, !await isSandbox(em, step.scope.tenantId));
    const report = await step.tx((tx) => writeReport(tx, step.scope.tenantId, 'daily', day, step.s.clock.now(), sources));
    step.objects.report_id = report.id;
  },
  'strategist.turn.completed': async (step) => {
    const session = await step.tx(async (em) => createSession(em, { tenantId: step.scope.tenantId, integrationId: step.scope.integrationId, title: 'What to write next' }, step.s.clock.now()));
    step.objects.session_id = session.id;
    const input: TurnInput = { session_id: session.id, turn_id: newId() };
    const id = await operation(step, 'strategist.turn', { ...input }, { type: 'strategist_turn', id: input.turn_id });
    await step.tx(async (em) => {
      em.create(StrategistTurn, {
        id: input.turn_id, tenantId: step.scope.tenantId, integrationId: step.scope.integrationId, sessionId: session.id, operationId: id,
        question: 'Which topics should the blog cover next week?', answer: null, actionIds: [], createdAt: step.s.clock.now(), answeredAt: null,
      });
      step.objects.turn_id = input.turn_id;
    });
    await writeTurnAnswer(step.s, id, await composeStrategistAnswer(step.s, id));
  },
  'operation.completed': async (step) => RECIPES['article.ready'](step),
  'api_key.expiring': async (step) => {
    // A key issued for 7 days is past the 7-day notice at once: the expiry sweep's own step raises it.
    await step.tx(async (em) => {
      step.objects.key_id = (await issueApiKey(em, { integrationId: step.scope.integrationId, ipAllowlist: null, mode: 'live', cell: step.s.config.cell, expiresInDays: 7 }, step.s.config.secrets.apiKeyPepper, step.s.clock.now(), step.s.issuedKeys)).key_id;
    });
    await step.tx((em) => raiseKeyExpiryNotices(em, step.scope.tenantId, step.s.clock.now()));
  },
  'webhook.test': (step) => step.tx(async (em) => {
    const webhook = step.scope.webhookId
      ? await em.findOne(Webhook, { id: step.scope.webhookId, tenantId: step.scope.tenantId })
      : await em.findOne(Webhook, { integrationId: step.scope.integrationId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    if (!webhook) throw domainError('not_found', 'webhook.test goes to one subscription: the integration has none (give --webhook ID, or subscribe first).');
    step.objects.webhook_id = webhook.id;
    await queueTestEvent(em, webhook, step.s.clock.now());
  }),
  // Pauses the subscription as the platform does when its failing run is old enough: it stays paused until set active.
  'webhook.paused': (step) => step.tx(async (em) => {
    const webhook = step.scope.webhookId
      ? await em.findOne(Webhook, { id: step.scope.webhookId, tenantId: step.scope.tenantId, status: 'active' })
      : await em.findOne(Webhook, { integrationId: step.scope.integrationId, status: 'active' }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    if (!webhook) throw domainError('not_found', 'webhook.paused pauses one active subscription: the integration has none (give --webhook ID of an active one).');
    const now = step.s.clock.now();
    const failingSince = webhook.failingSince ?? now;
    webhook.status = 'paused';
    webhook.pausedReason = 'failing';
    webhook.failingSince = failingSince;
    webhook.updatedAt = now;
    step.objects.webhook_id = webhook.id;
    recordPaused(em, { tenantId: webhook.tenantId, integrationId: webhook.integrationId, webhookId: webhook.id, failingSince }, now);
  }),
};

const leadRow = (em: Em, id: string) => em.findOneOrFail(Lead, { id });

/** Types whose data may name no object the trigger made: told apart by the events of the type recorded before. */
const UNNAMED: readonly string[] = ['crm.mode_changed', 'webhook.test'];

/** Raises `type` for the scope's tenant by making its objects; answers every event the changes raised. */
export async function triggerEvent(s: Services, type: string, scope: TriggerScope): Promise<Triggered> {
  if (!(ALL_EVENT_TYPES as readonly string[]).includes(type)) {
    throw domainError('validation_failed', `${type} is not an event type; the types are ${ALL_EVENT_TYPES.join(', ')}.`);
  }
  const integration = await s.orm.em.fork().findOne(Integration, { id: scope.integrationId, tenantId: scope.tenantId });
  if (!integration) throw domainError('not_found', `No integration ${scope.integrationId} of tenant ${scope.tenantId}.`);
  const before = new Set((await unnamedEvents(s, scope.tenantId)).map((e) => e.id));
  const objects: Record<string, string> = {};
  const step: Step = { s, scope, objects, tx: (fn) => s.orm.em.fork().transactional(fn) };
  await RECIPES[type as EventType](step);
  const events = [...await namingEvents(s, scope.tenantId, Object.values(objects)), ...(await unnamedEvents(s, scope.tenantId)).filter((e) => !before.has(e.id))];
  if (!events.some((e) => e.type === type)) throw new Error(`${type} was not raised (raised: ${events.map((e) => e.type).join(', ') || 'nothing'})`);
  return { type: type as EventType, events: [...new Map(events.map((e) => [e.id, e])).values()], objects };
}

interface EventRow { id: string; type: string }

/** The tenant's events whose data names one of `ids` (objects the trigger made), in the order recorded. */
async function namingEvents(s: Services, tenantId: string, ids: string[]): Promise<EventRow[]> {
  if (!ids.length) return [];
  return s.orm.em.fork().getConnection().execute<EventRow[]>(
    `select id, type from outbox_events where tenant_id = ? and data::text ~ ? and type <> all(?::text[]) order by created_at, id`,
    [tenantId, ids.join('|'), `{${UNNAMED.join(',')}}`]);
}

async function unnamedEvents(s: Services, tenantId: string): Promise<EventRow[]> {
  return s.orm.em.fork().getConnection().execute<EventRow[]>(
    `select id, type from outbox_events where tenant_id = ? and type = any(?::text[]) order by created_at, id`, [tenantId, `{${UNNAMED.join(',')}}`]);
}
