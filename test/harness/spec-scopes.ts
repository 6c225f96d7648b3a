/**
 * The scopes of spec 01 Authentication, copied by hand (not read from src/): the oracle for the
 * effective scopes GET /me answers and bin/ctl stores. Item 5 lists them in this order, "the
 * product-card routes use cards:read and cards:write" last; item 7 names the personal-data ones.
 */
export const SPEC_SCOPES = [
  'conversations:read', 'conversations:write', 'ai_seller:invoke',
  'leads:read', 'leads:write', 'leads:score',
  'analytics:read', 'analytics:write', 'dashboards:read',
  'articles:read', 'articles:write', 'articles:generate',
  'strategist:read', 'strategist:write', 'strategist:chat',
  'webhooks:manage',
  'cards:read', 'cards:write',
] as const;

/** spec 01 Authentication 7: "conversations:read, conversations:write, ai_seller:invoke (marked PII), leads reads". */
export const SPEC_PII_SCOPES = ['conversations:read', 'conversations:write', 'ai_seller:invoke', 'leads:read'] as const;
