import Router from '@koa/router';
import type { Services } from '../services.js';
import { UUID } from '../ids.js';
import { Webhook, WebhookDelivery } from '../entities/webhook.js';
import { recordSupportAction } from '../domain/support/audit.js';
import { ReplayNeedsConfirmation, countRecoverable } from '../domain/webhooks/replay.js';
import { endSessions } from './operators/sessions.js';
import { replayForSupport, setStatusForSupport } from './actions.js';
import { startRecovery } from './recoveries.js';
import type { SupportConsoleSettings } from './settings.js';
import { Refusal, redirect, show, type ConsoleContext, type ConsoleState } from './answers.js';
import { endedCookie, needs } from './door.js';
import { localInput, utcInput } from './inputs.js';
import * as replayPages from './pages/replays.js';

/**
 * The console's actions (POST, the form's token checked by the door), each with the role it
 * needs: an operator replays, pauses, resumes and recovers; an admin ends sessions; anyone signs
 * out. Each records who did what in support_actions (actions.ts, recoveries.ts).
 */
export function actionRouter(services: Services, settings: SupportConsoleSettings): Router<ConsoleState> {
  const router = new Router<ConsoleState>({ strict: true, sensitive: true });
  const now = () => services.clock.now();
  router.param('id', (id: string, _ctx: ConsoleContext, next: () => Promise<unknown>) => {
    if (!UUID.test(id)) throw new Refusal(404, 'No such action.');
    return next();
  });

  router.post('/logout', needs('viewer'), async (ctx) => {
    const { operator, sessionId, em } = ctx.state.visit!;
    await em.transactional(async (tx) => {
      await endSessions(tx, { sessionId }, operator.email, now());
      await recordSupportAction(tx, { operator: operator.email, action: 'logout', targetId: operator.id, tenantId: null, detail: {} }, now());
    });
    redirect(ctx, '/login', { 'Set-Cookie': endedCookie(settings) });
  });

  router.post('/deliveries/:id/replay', needs('operator'), async (ctx) => {
    const { operator, em, token } = ctx.state.visit!;
    const id = ctx.params.id!;
    try {
      const replay = await replayForSupport(services, operator.email, id, ctx.state.form!.get('confirm') === 'yes');
      redirect(ctx, `/deliveries/${replay.id}?notice=replayed`);
    } catch (err) {
      if (!(err instanceof ReplayNeedsConfirmation)) throw err;
      // Nothing was made: the question (a page, not an error), and a second POST with confirm=yes makes it.
      show(ctx, 200, 'Replay anyway?', replayPages.replayQuestion(await em.findOneOrFail(WebhookDelivery, { id }), err.concerns, token));
    }
  });

  router.post('/webhooks/:id/status', needs('operator'), async (ctx) => {
    const status = ctx.state.form!.get('status');
    if (status !== 'paused' && status !== 'active') throw new Refusal(400, 'The status is paused or active.');
    const webhook = await setStatusForSupport(services, ctx.state.visit!.operator.email, ctx.params.id!, status);
    redirect(ctx, `/webhooks/${webhook.id}?notice=${status}`);
  });

  router.post('/webhooks/:id/recover', needs('operator'), async (ctx) => {
    const { operator, em, token } = ctx.state.visit!;
    const form = ctx.state.form!;
    const since = utcInput('from', form.get('since') ?? '');
    const until = utcInput('to', form.get('until') ?? '');
    if (!since || !until) throw new Refusal(400, 'Give both ends of the range.');
    if (since.getTime() >= until.getTime()) throw new Refusal(400, 'The range must start before it ends.');
    const webhook = await em.findOne(Webhook, { id: ctx.params.id! });
    if (!webhook) throw new Refusal(404, `No webhook subscription ${ctx.params.id}.`);
    // The count first: a question to confirm, or a refusal above the bound.
    const range = { webhookId: webhook.id, tenantId: webhook.tenantId, since, until };
    const total = await countRecoverable(em, range);
    const { max, pageSize } = settings.recovery;
    if (total > max || form.get('confirm') !== 'yes') {
      const asked = { since: localInput(since, 19), until: localInput(until, 19) };
      return show(ctx, total > max ? 422 : 200, 'Recover a range', replayPages.recoveryQuestion(webhook.id, asked, total, max, token));
    }
    redirect(ctx, `/recoveries/${await startRecovery(services, operator.email, range, { total, max, pageSize })}`);
  });

  router.post('/sessions/:id/end', needs('admin'), async (ctx) => {
    const { operator, em } = ctx.state.visit!;
    const id = ctx.params.id!;
    const [session] = await em.execute<{ operator_id: string }[]>('select operator_id from support_sessions where id = ?', [id]);
    if (!session) throw new Refusal(404, `No session ${id}.`);
    await em.transactional(async (tx) => {
      const ended = await endSessions(tx, { sessionId: id }, operator.email, now());
      if (ended) await recordSupportAction(tx, { operator: operator.email, action: 'session.end', targetId: session.operator_id, tenantId: null, detail: { session_id: id } }, now());
    });
    redirect(ctx, `/operators/${session.operator_id}?notice=ended`);
  });

  return router;
}
