import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CtlHarness } from '../harness/ctl.js';
import { call } from '../harness/http.js';
import { outboxRows } from './conversations-fixtures.js';

/** What support needs for leads in bin/ctl: the tenant's CRM mode, and a lead read whole. */

const h = new CtlHarness();
const { ctl } = h;

beforeAll(() => h.start());
afterAll(() => h.stop());

describe('tenant set-crm-mode', () => {
  it('sets the mode GET /me shows and raises crm.mode_changed once per real change', async () => {
    const { tenantId, key } = await h.provision();
    expect((await h.get('/me', key.api_key)).body.crm_mode).toBe('internal');
    expect(await ctl('tenant', 'set-crm-mode', '--tenant', tenantId, '--mode', 'HubSpot')).toEqual({ id: tenantId, crm_mode: 'hubspot', previous_crm_mode: 'internal' });
    expect((await h.get('/me', key.api_key)).body.crm_mode).toBe('hubspot');
    await ctl('tenant', 'set-crm-mode', '--tenant', tenantId, '--mode', 'hubspot');
    await ctl('tenant', 'set-crm-mode', '--tenant', tenantId, '--mode', 'internal');
    // Two changes, the no-op between them raises nothing. Both may carry the same millisecond,
    // so the rows are compared without their order.
    const changes = (await outboxRows(h.db, tenantId)).filter((e) => e.type === 'crm.mode_changed').map((e) => e.data);
    expect(changes).toHaveLength(2);
    expect(changes).toEqual(expect.arrayContaining([
      { crm_mode: 'hubspot', previous_crm_mode: 'internal' },
      { crm_mode: 'internal', previous_crm_mode: 'hubspot' },
    ]));
  });

  it('refuses a mode that is no CRM name, and an unknown tenant', async () => {
    const { tenantId } = await h.provision();
    await expect(ctl('tenant', 'set-crm-mode', '--tenant', tenantId, '--mode', 'my crm!')).rejects.toThrow(/--mode is internal or the name of an external CRM/);
    await expect(ctl('tenant', 'set-crm-mode', '--tenant', '7c9e6679-7425-40de-944b-e07fc1f90ae7', '--mode', 'amocrm')).rejects.toThrow(/no tenant/);
  });
});

describe('lead show', () => {
  it('prints the lead as the API shows it, with its contact and tenant', async () => {
    const { id: tenantId } = await ctl('tenant', 'create', '--name', 'Leads shop');
    // On the ru cell personal data needs the transfer conditions.
    const integration = await ctl('integration', 'create', '--tenant', tenantId, '--name', 'CRM', '--scopes', 'all',
      '--ip-allowlist', '127.0.0.0/8,::1', '--hosting-country', 'RU', '--transfer-basis', 'Data processing agreement');
    const key = await ctl('key', 'issue', '--integration', integration.id);
    const conversation = await call(h.api.base, 'POST', '/conversations', { key: key.api_key, body: { external_customer_id: 'c-1', name: 'Anna', email: 'anna@example.com' } });
    const shown = await ctl('lead', 'show', '--lead', conversation.body.lead_id);
    const read = await call(h.api.base, 'GET', `/leads/${conversation.body.lead_id}`, { key: key.api_key });
    expect(shown).toEqual({ tenant_id: tenantId, ...read.body });
    expect(shown.contact).toEqual({ id: conversation.body.contact_id, name: 'Anna', email: 'anna@example.com', phone: null, livemode: true });
  });

  it('an unknown lead is an error naming it', async () => {
    await expect(ctl('lead', 'show', '--lead', '7c9e6679-7425-40de-944b-e07fc1f90ae7')).rejects.toThrow(/no lead 7c9e6679/);
    await expect(ctl('lead', 'show', '--lead', 'nope')).rejects.toThrow(/no lead nope/);
  });
});
