import { describe, expect, it } from '@jest/globals';
import { deliveryAccess, scopesForEvent, type DeliveryAccess } from '../../src/domain/webhooks/delivery-access.js';
import { PLAN_FEATURES, SCOPES } from '../../src/domain/access/scopes.js';
import { EVENTS } from '../../src/domain/events/catalogue.js';

const ruReady = { ipAllowlist: ['203.0.113.0/24'], hostingCountry: 'RU', transferBasis: 'DPA' };
const access = (o: Partial<DeliveryAccess> = {}): DeliveryAccess => ({
  integrationStatus: 'active', ownerActive: true, integrationScopes: [...SCOPES], ownerPermissions: [...SCOPES],
  tenantStatus: 'active', features: [...PLAN_FEATURES], includePii: false,
  event: { type: 'lead.created', piiData: { contact: { name: 'Anna' } } }, ...ruReady, ...o,
});

describe('scopesForEvent', () => {
  it('maps each family to the read scope that covers it; service and test events need none', () => {
    expect(scopesForEvent('lead.created', false)).toEqual(['leads:read']);
    expect(scopesForEvent('contact.merged', false)).toEqual(['leads:read']);
    expect(scopesForEvent('task.created', false)).toEqual(['leads:read']);
    expect(scopesForEvent('crm.mode_changed', false)).toEqual(['leads:read']);
    expect(scopesForEvent('conversation.created', false)).toEqual(['conversations:read']);
    expect(scopesForEvent('message.created', false)).toEqual(['conversations:read']);
    expect(scopesForEvent('article.ready', false)).toEqual(['articles:read']);
    expect(scopesForEvent('strategist.report.ready', false)).toEqual(['strategist:read']);
    expect(scopesForEvent('operation.completed', false)).toEqual([]);
    expect(scopesForEvent('webhook.test', false)).toEqual([]);
  });

  it('personal data of a conversation event also needs leads:read (the include_pii rule)', () => {
    expect(scopesForEvent('conversation.created', true).sort()).toEqual(['conversations:read', 'leads:read']);
  });
});

describe('deliveryAccess', () => {
  it('sends while everything holds', () => {
    expect(deliveryAccess(access(), 'ru')).toEqual({ verdict: 'send' });
  });

  it('a revoked integration ends; a suspended one, a lost owner, an inactive tenant and a plan without webhooks hold', () => {
    expect(deliveryAccess(access({ integrationStatus: 'revoked' }), 'en')).toEqual({ verdict: 'end', reason: 'integration_revoked' });
    expect(deliveryAccess(access({ integrationStatus: 'suspended' }), 'en')).toEqual({ verdict: 'hold', reason: 'integration_inactive' });
    expect(deliveryAccess(access({ ownerActive: false }), 'en')).toEqual({ verdict: 'hold', reason: 'integration_inactive' });
    expect(deliveryAccess(access({ tenantStatus: 'inactive' }), 'en')).toEqual({ verdict: 'hold', reason: 'tenant_inactive' });
    expect(deliveryAccess(access({ features: PLAN_FEATURES.filter((f) => f !== 'webhooks') }), 'en')).toEqual({ verdict: 'hold', reason: 'feature_not_in_plan' });
    expect(deliveryAccess(access({ features: PLAN_FEATURES.filter((f) => f !== 'api_access') }), 'en')).toEqual({ verdict: 'hold', reason: 'feature_not_in_plan' });
  });

  it('holds an event whose scope is not among the effective scopes (integration, owner or licence)', () => {
    const held = { verdict: 'hold', reason: 'scope_missing' };
    expect(deliveryAccess(access({ integrationScopes: ['webhooks:manage'] }), 'en')).toEqual(held);
    expect(deliveryAccess(access({ ownerPermissions: ['webhooks:manage', 'conversations:read'] }), 'en')).toEqual(held);
    expect(deliveryAccess(access({ features: PLAN_FEATURES.filter((f) => f !== 'crm') }), 'en')).toEqual(held);
    const conversation = { type: 'conversation.created', piiData: { contact: { name: 'Anna' } } };
    expect(deliveryAccess(access({ event: conversation, integrationScopes: ['webhooks:manage', 'conversations:read'] }), 'en')).toEqual({ verdict: 'send' });
    expect(deliveryAccess(access({ event: conversation, includePii: true, integrationScopes: ['webhooks:manage', 'conversations:read'] }), 'en')).toEqual(held);
    expect(deliveryAccess(access({ event: { type: 'operation.completed', piiData: null }, integrationScopes: ['webhooks:manage'] }), 'en')).toEqual({ verdict: 'send' });
  });

  it('on the ru cell a body with personal data needs the transfer conditions; a thin body does not', () => {
    const unready = { ipAllowlist: null, hostingCountry: 'DE', transferBasis: null };
    expect(deliveryAccess(access({ includePii: true, ...unready }), 'ru')).toEqual({ verdict: 'hold', reason: 'pii_transfer_not_allowed' });
    expect(deliveryAccess(access({ includePii: true, ...unready }), 'en')).toEqual({ verdict: 'send' });
    expect(deliveryAccess(access({ includePii: false, ...unready }), 'ru')).toEqual({ verdict: 'send' });
    const thin = { type: 'lead.scored', ...EVENTS['lead.scored']({ lead_id: 'l', contact_id: null, conversation_id: null, version: 1, score: 1, level: 'hot', reason: null, flags: [] }) };
    expect(deliveryAccess(access({ includePii: true, ...unready, event: { type: thin.type, piiData: thin.piiData ?? null } }), 'ru')).toEqual({ verdict: 'send' });
  });
});
