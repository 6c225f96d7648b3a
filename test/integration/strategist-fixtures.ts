import { afterAll, beforeAll } from '@jest/globals';
import { OperationsHarness, type OperationsHarnessOptions } from '../harness/operations-harness.js';
import { PinnedClock } from '../../src/clock.js';
import type { Services } from '../../src/services.js';
import { StrategistReport, StrategistSession, type ReportType } from '../../src/entities/strategist.js';
import { proposeTopic, type TopicProposal } from '../../src/domain/strategist/topics.js';
import { proposeAction } from '../../src/domain/strategist/actions.js';
import { newId } from '../../src/ids.js';
import type pg from 'pg';
import type { Caller } from '../harness/fixtures.js';

/** Rows the strategist writes, put in place the way its own code writes them (the planner, chat and report runs). */

export async function seedTopic(services: Services, caller: Caller, o: Partial<TopicProposal> = {}): Promise<string> {
  return services.orm.em.fork().transactional(async (em) => {
    const topic = proposeTopic(em, { tenantId: caller.tenantId, title: 'How to pick running shoes', rationale: 'Customers ask', trendScore: null, source: 'planner', ...o }, services.clock.now());
    await em.flush();
    return topic.id;
  });
}

export async function seedSession(services: Services, caller: Caller): Promise<string> {
  return services.orm.em.fork().transactional(async (em) => {
    const now = services.clock.now();
    const session = em.create(StrategistSession, { id: newId(), tenantId: caller.tenantId, integrationId: caller.integrationId, title: null, createdAt: now, updatedAt: now });
    await em.flush();
    return session.id;
  });
}

export async function seedAction(services: Services, caller: Caller, sessionId: string | null, title = 'Write about trail shoes'): Promise<string> {
  return services.orm.em.fork().transactional(async (em) => {
    const action = proposeAction(em, { tenantId: caller.tenantId, integrationId: caller.integrationId, sessionId, title, rationale: 'Asked in chat' }, services.clock.now());
    await em.flush();
    return action.id;
  });
}

export async function seedReport(services: Services, caller: Caller, o: { type?: ReportType; date?: string; creative?: boolean } = {}): Promise<string> {
  return services.orm.em.fork().transactional(async (em) => {
    const report = em.create(StrategistReport, {
      id: newId(), tenantId: caller.tenantId, reportDate: o.date ?? '2026-11-23', reportType: o.type ?? 'daily', creative: o.creative ?? false,
      summaryText: 'Conversations rose.', highlights: [], concerns: [],
      actions: [{ title: 'Answer sizes', priority: 'high', rationale: 'r', target_ref: 'metric:conversations', expected_effect: 'e', check_after_days: 7, basis: 'concern:0' }],
      evidence: { actions: [], validation: { refs_valid: true, excerpts_valid: true, relevance_checked: true, limitations: [] } },
      dataAsOf: {}, analyst: 'builtin', model: 'builtin/analyst-v1', costRub: '1.50', snapshotId: newId(), deliveredAt: null, createdAt: services.clock.now(),
    });
    await em.flush();
    return report.id;
  });
}

export const DAY = 86_400_000;

/** A suite's api (no worker) on a clock that stands still until a test moves it: expiry is checked by moving it, never by waiting. */
export function useStrategistSuite(o: OperationsHarnessOptions = {}): { clock: PinnedClock; h: () => OperationsHarness } {
  const clock = new PinnedClock(new Date('2026-11-24T10:00:00.000Z'));
  let h: OperationsHarness | undefined;
  beforeAll(async () => {
    h = await OperationsHarness.start({ clock, worker: false, ...o });
  }, 120_000);
  afterAll(async () => {
    await h?.stop();
  }, 60_000);
  return { clock, h: () => h! };
}

/** A conversation of the caller's api channel created at `when`, written as the platform stores it. */
export async function insertConversation(db: pg.Client, caller: Caller, when: Date): Promise<string> {
  const id = newId();
  await db.query(`insert into conversations (id, tenant_id, channel_id, channel_type, status, mode, created_at, updated_at) values ($1, $2, $3, 'api', 'open', 'ai', $4, $4)`,
    [id, caller.tenantId, caller.channelId, when]);
  return id;
}

/** A message of a conversation at `when`, with the card copies it carries. */
export async function insertMessage(db: pg.Client, caller: Caller, conversationId: string, sender: string, content: string, when: Date, cards: unknown[] = []): Promise<string> {
  const id = newId();
  await db.query(`insert into messages (id, tenant_id, conversation_id, sender, content_type, content, attachments, cards, created_at) values ($1, $2, $3, $4, 'text', $5, '[]', $6, $7)`,
    [id, caller.tenantId, conversationId, sender, content, JSON.stringify(cards), when]);
  return id;
}
