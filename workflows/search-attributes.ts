import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/**
 * Search attributes an operator filters on in the Temporal UI, e.g.
 * `TenantId = "..." AND WorkflowType = "keyExpiryNotices"`. Registered by the dev server
 * flags in bin/lib/services.sh and, on a cluster, by the setup step `bin/ctl temporal setup`
 * (src/temporal/search-attributes.ts), which bin/up runs before the worker starts.
 */
export const TENANT_ID = defineSearchAttributeKey('TenantId', SearchAttributeType.KEYWORD);
export const INTEGRATION_ID = defineSearchAttributeKey('IntegrationId', SearchAttributeType.KEYWORD);
export const WEBHOOK_ID = defineSearchAttributeKey('WebhookId', SearchAttributeType.KEYWORD);
export const EVENT_TYPE = defineSearchAttributeKey('EventType', SearchAttributeType.KEYWORD);
export const DELIVERY_STATE = defineSearchAttributeKey('DeliveryState', SearchAttributeType.KEYWORD);
export const OPERATION_TYPE = defineSearchAttributeKey('OperationType', SearchAttributeType.KEYWORD);

export const ALL_SEARCH_ATTRIBUTES = [TENANT_ID, INTEGRATION_ID, WEBHOOK_ID, EVENT_TYPE, DELIVERY_STATE, OPERATION_TYPE];
