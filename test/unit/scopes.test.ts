import { describe, expect, it } from '@jest/globals';
import { API_ACCESS, PII_SCOPES, PLAN_FEATURES, SCOPES, effectiveScopes, isScope } from '../../src/domain/access/scopes.js';

describe('scopes (spec 01 Authentication 5)', () => {
  it('lists every scope of spec 01 and the product-card scopes', () => {
    expect([...SCOPES].sort()).toEqual([
      'ai_seller:invoke', 'analytics:read', 'analytics:write', 'articles:generate', 'articles:read', 'articles:write',
      'cards:read', 'cards:write', 'conversations:read', 'conversations:write', 'dashboards:read',
      'leads:read', 'leads:score', 'leads:write', 'strategist:chat', 'strategist:read', 'strategist:write', 'webhooks:manage',
    ]);
    expect(isScope('leads:read')).toBe(true);
    expect(isScope('leads:delete')).toBe(false);
  });

  it('marks the personal-data scopes', () => {
    expect([...PII_SCOPES].sort()).toEqual(['ai_seller:invoke', 'conversations:read', 'conversations:write', 'leads:read']);
  });

  it('the plan features are the API licence flag and one module per scope family', () => {
    expect(PLAN_FEATURES[0]).toBe(API_ACCESS);
    expect(new Set(PLAN_FEATURES).size).toBe(PLAN_FEATURES.length);
    expect([...PLAN_FEATURES].sort()).toEqual(['ai_seller', 'analytics', 'api_access', 'articles', 'cards', 'conversations', 'crm', 'dashboards', 'strategist', 'webhooks']);
  });
});

describe('effectiveScopes = integration ∩ owner permissions ∩ licence', () => {
  it('gives every scope when all three hold every scope', () => {
    expect(effectiveScopes(SCOPES, SCOPES, PLAN_FEATURES)).toEqual([...SCOPES]);
  });

  it('drops a scope the integration was not granted', () => {
    expect(effectiveScopes(['leads:read'], SCOPES, PLAN_FEATURES)).toEqual(['leads:read']);
  });

  it('drops a scope the owner no longer holds', () => {
    expect(effectiveScopes(['leads:read', 'leads:write'], ['leads:read'], PLAN_FEATURES)).toEqual(['leads:read']);
  });

  it('drops every scope of a module the plan lacks', () => {
    const withoutCrm = PLAN_FEATURES.filter((f) => f !== 'crm');
    const scopes = effectiveScopes(SCOPES, SCOPES, withoutCrm);
    expect(scopes.filter((s) => s.startsWith('leads:'))).toEqual([]);
    expect(scopes).toHaveLength(SCOPES.length - 3);
  });

  it('a plan with no features grants nothing', () => {
    expect(effectiveScopes(SCOPES, SCOPES, [])).toEqual([]);
  });

  it('ignores unknown names and keeps the catalogue order', () => {
    expect(effectiveScopes(['webhooks:manage', 'bogus:scope', 'articles:read'], ['bogus:scope', ...SCOPES], PLAN_FEATURES))
      .toEqual(['articles:read', 'webhooks:manage']);
  });
});
