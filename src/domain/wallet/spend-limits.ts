import { Decimal } from 'decimal.js';
import type { Config } from '../../config.js';
import type { Em } from '../../db/em.js';
import { Integration } from '../../entities/integration.js';
import { SPEND_LIMIT_KEYS, type SpendLimitKey, type StoredSpendLimits } from '../../entities/tenant.js';
import { findTenant, ProvisioningError } from '../provisioning/tenants.js';
import { isDecimalText } from './money.js';

/**
 * A tenant's spend limits (spec 01 Errors and Limits; issue 9 items 7 and 17), in roubles:
 * - daily_spend_limit_rub: what the whole tenant (every integration and the website chat) may
 *   be charged per UTC day; no default;
 * - operation_cost_cap_rub: the most one paid operation may cost; default OPERATION_COST_CAP_RUB;
 * - widget_daily_ai_cap_rub: what the website chat's AI replies may be charged per UTC day;
 *   default WIDGET_DAILY_AI_CAP_RUB.
 * Stored as overrides: a key that is absent takes the default, null is "none", a decimal
 * text is the limit.
 */
export { SPEND_LIMIT_KEYS, type SpendLimitKey, type StoredSpendLimits };

/** The limits in force: null = none. */
export type SpendLimits = Record<SpendLimitKey, string | null>;

export function defaultSpendLimits(config: Config): SpendLimits {
  const cap = config.widget.dailyAiCapRub;
  return { daily_spend_limit_rub: null, operation_cost_cap_rub: new Decimal(config.operationCostCapRub).toFixed(2), widget_daily_ai_cap_rub: cap === null ? null : new Decimal(cap).toFixed(2) };
}

export function spendLimitsInForce(stored: StoredSpendLimits | null | undefined, config: Config): SpendLimits {
  const defaults = defaultSpendLimits(config);
  const own = stored ?? {};
  return Object.fromEntries(SPEND_LIMIT_KEYS.map((k) => [k, k in own ? own[k] ?? null : defaults[k]])) as SpendLimits;
}

/** What an operator sets: a limit, none, or back to the cell's default. */
export type LimitSetting = { limit: string } | 'none' | 'default';

/** `D` (roubles, up to two places), `none`, and where `defaults` allows it, `default`. */
export function parseLimitSetting(flag: string, text: string, defaults: boolean): LimitSetting {
  if (text === 'none') return 'none';
  if (text === 'default' && defaults) return 'default';
  if (!isDecimalText(text) || new Decimal(text).isNegative()) {
    throw new ProvisioningError(`--${flag} is an amount in roubles such as 300 or 99.50, or none${defaults ? ', or default' : ''}`);
  }
  return { limit: new Decimal(text).toFixed(2) };
}

/** Applies the settings given (others unchanged) to the tenant; answers the limits in force. */
export async function setTenantSpendLimits(em: Em, tenantId: string, settings: Partial<Record<SpendLimitKey, LimitSetting>>, config: Config, now: Date): Promise<SpendLimits> {
  const tenant = await findTenant(em, tenantId);
  const stored: StoredSpendLimits = { ...tenant.spendLimits };
  for (const key of SPEND_LIMIT_KEYS) {
    const s = settings[key];
    if (s === undefined) continue;
    if (s === 'default') delete stored[key];
    else stored[key] = s === 'none' ? null : s.limit;
  }
  tenant.spendLimits = stored;
  tenant.updatedAt = now;
  await em.flush();
  return spendLimitsInForce(stored, config);
}

/** Sets (or with 'none' removes) an integration's daily spend limit. */
export async function setIntegrationDailyLimit(em: Em, integrationId: string, setting: Exclude<LimitSetting, 'default'>, now: Date): Promise<Integration> {
  const integration = /^[0-9a-f-]{36}$/i.test(integrationId) ? await em.findOne(Integration, { id: integrationId }) : null;
  if (!integration) throw new ProvisioningError(`no integration ${integrationId}`);
  integration.dailySpendLimitRub = setting === 'none' ? null : setting.limit;
  integration.updatedAt = now;
  await em.flush();
  return integration;
}
