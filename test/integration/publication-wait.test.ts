import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OperationsHarness } from '../harness/operations-harness.js';
import { eventually } from '../harness/eventually.js';
import { call, expectProblem } from '../harness/http.js';
import type { Caller } from '../harness/fixtures.js';
import { publicationWorkflowId } from '../../workflows/publication-contract.js';
import { bindSiteOf, getArticle, seedArticle, siteModuleCall } from './articles-fixtures.js';

/**
 * The publication's wait for the site module's result is bounded (PUBLICATION_WAIT, days in
 * production, 2 s here): past it the job ends failed with a reason, and the article can be
 * published again. Judged by the workflow's own timer and its end, not by sleeping.
 */

let h: OperationsHarness;
beforeAll(async () => {
  h = await OperationsHarness.start({ env: { PUBLICATION_WAIT: '2s' } });
}, 120_000);
afterAll(async () => {
  await h?.stop();
}, 60_000);

const CONTENT = '<h2>Oak</h2><p>Oak is hard.</p>';
const publish = (who: Caller, id: string, siteId: string) =>
  call(h.api.base, 'POST', `/articles/${id}/publish`, { key: who.apiKey, body: { target: 'connector', site_id: siteId, publish_mode: 'publish' } });

describe('a publication the site module never answers', () => {
  it('ends failed, saying the module never answered, once the wait is over; the article then publishes again', async () => {
    const caller = await h.caller();
    const site = await bindSiteOf(h.api, caller);
    const id = await seedArticle(h.api, caller, { status: 'approved', slug: 'unanswered', content: CONTENT });
    const job = (await publish(caller, id, site.site_id)).body;
    const handle = h.client.workflow.getHandle(publicationWorkflowId(job.id));

    const timer = await eventually('the wait\'s timer', async () => {
      const events = (await handle.fetchHistory().catch(() => undefined))?.events ?? [];
      return events.find((e) => e.timerStartedEventAttributes)?.timerStartedEventAttributes ?? undefined;
    }, 20_000);
    expect(Number(timer.startToFireTimeout?.seconds)).toBe(2);
    expect(await handle.result()).toBe('unanswered');

    const row = (await h.db.query('select state, published_url, error from publications where id = $1', [job.id])).rows[0];
    expect(row).toEqual({ state: 'failed', published_url: null, error: 'The site module sent no result within 2 seconds.' });
    expect((await getArticle(h.api, caller, id)).body).toMatchObject({ status: 'approved', publication: { id: job.id, state: 'failed' } });
    // A result that comes after the end is refused as for any job no longer queued.
    expectProblem(await siteModuleCall(h.api, site.site_token, 'POST', `/jobs/${job.id}/result`, { result: 'skipped' }), 'invalid_state');

    const again = await publish(caller, id, site.site_id);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ version: 2, state: 'queued' });
    expect(again.body.id).not.toBe(job.id);
    expect((await siteModuleCall(h.api, site.site_token, 'GET', '/jobs')).body.data.map((j: { id: string }) => j.id)).toEqual([again.body.id]);
  });
});
