/** Scopes of spec 01 (Authentication 5) plus the product-card scopes of spec 02. */
export const SCOPES = [
  'conversations:read', 'conversations:write', 'ai_seller:invoke',
  'leads:read', 'leads:write', 'leads:score',
  'analytics:read', 'analytics:write', 'dashboards:read',
  'articles:read', 'articles:write', 'articles:generate',
  'strategist:read', 'strategist:write', 'strategist:chat',
  'webhooks:manage', 'cards:read', 'cards:write',
] as const;
export type Scope = (typeof SCOPES)[number];

/** Scopes that expose customer personal data (spec 01, Authentication 7). */
export const PII_SCOPES: readonly Scope[] = ['conversations:read', 'conversations:write', 'ai_seller:invoke', 'leads:read'];

/** The API licence flag, and the plan feature (module) each scope belongs to. */
export const API_ACCESS = 'api_access';
export const FEATURE_OF_SCOPE: Record<Scope, string> = {
  'conversations:read': 'conversations', 'conversations:write': 'conversations', 'ai_seller:invoke': 'ai_seller',
  'leads:read': 'crm', 'leads:write': 'crm', 'leads:score': 'crm',
  'analytics:read': 'analytics', 'analytics:write': 'analytics', 'dashboards:read': 'dashboards',
  'articles:read': 'articles', 'articles:write': 'articles', 'articles:generate': 'articles',
  'strategist:read': 'strategist', 'strategist:write': 'strategist', 'strategist:chat': 'strategist',
  'webhooks:manage': 'webhooks', 'cards:read': 'cards', 'cards:write': 'cards',
};
export const PLAN_FEATURES = [API_ACCESS, ...new Set(Object.values(FEATURE_OF_SCOPE))];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** Effective scopes = integration's scopes ∩ owner's current permissions ∩ licence (plan features). */
export function effectiveScopes(integrationScopes: readonly string[], ownerPermissions: readonly string[], planFeatures: readonly string[]): Scope[] {
  const owner = new Set(ownerPermissions);
  const plan = new Set(planFeatures);
  return SCOPES.filter((s) => integrationScopes.includes(s) && owner.has(s) && plan.has(FEATURE_OF_SCOPE[s]));
}
