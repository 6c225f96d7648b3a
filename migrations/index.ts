import { Migration20261121000100Foundation } from './20261121000100-foundation.js';
import { Migration20261121000200Disclosures } from './20261121000200-disclosures.js';
import { Migration20261122000300MillisecondTimestamps } from './20261122000300-millisecond-timestamps.js';
import { Migration20261122000400Webhooks } from './20261122000400-webhooks.js';
import { Migration20261122000500Conversations } from './20261122000500-conversations.js';
import { Migration20261122000600Widget } from './20261122000600-widget.js';
import { Migration20261123000100TenantLimits } from './20261123000100-tenant-limits.js';
import { Migration20261123000200DeliveryBacklog } from './20261123000200-delivery-backlog.js';
import { Migration20261124000100DeliveryPacing } from './20261124000100-delivery-pacing.js';
import { Migration20261124000200OperationPacing } from './20261124000200-operation-pacing.js';
import { Migration20261124001000Leads } from './20261124001000-leads.js';
import { Migration20261124001010LeadTasks } from './20261124001010-lead-tasks.js';
import { Migration20261124001020LeadScoreSource } from './20261124001020-lead-score-source.js';
import { Migration20261124002000Articles } from './20261124002000-articles.js';
import { Migration20261124004000Analytics } from './20261124004000-analytics.js';
import { Migration20261124005010Strategist } from './20261124005010-strategist.js';
import { Migration20261124006000StatusSignals } from './20261124006000-status-signals.js';
import { Migration20261124007100AnalyticsIngestCounts } from './20261124007100-analytics-ingest-counts.js';
import { Migration20261124007200StrategistTurns } from './20261124007200-strategist-turns.js';
import { Migration20261124007300StrategistCompetitors } from './20261124007300-strategist-competitors.js';
import { Migration20261124007400Sandbox } from './20261124007400-sandbox.js';
import { Migration20261124007500AnalyticsRollupVersions } from './20261124007500-analytics-rollup-versions.js';
import { Migration20261125000100RedactDerivedCustomerText } from './20261125000100-redact-derived-customer-text.js';
import { Migration20261125003000DeliveryHeldFor } from './20261125003000-delivery-held-for.js';
import { Migration20261126000100TopicClusters } from './20261126000100-topic-clusters.js';
import { Migration20261127000100SweepActivityIndexes } from './20261127000100-sweep-activity-indexes.js';
import { Migration20261127000200StackSecrets } from './20261127000200-stack-secrets.js';
import { Migration20261127000700DeliveryOrder } from './20261127000700-delivery-order.js';
import { Migration20261127220000SupportActions } from './20261127220000-support-actions.js';
import { Migration20261128000100StrategistReportPlanned } from './20261128000100-strategist-report-planned.js';
import { Migration20261128000200DeliveryRetention } from './20261128000200-delivery-retention.js';
import { Migration20261128004000Reconciler } from './20261128004000-reconciler.js';
import { Migration20261128010000SupportOperators } from './20261128010000-support-operators.js';
import { Migration20261128190000LeadDescription } from './20261128190000-lead-description.js';
import { Migration20261129010000OperationProgress } from './20261129010000-operation-progress.js';
import { Migration20261129020000SubscriptionRate } from './20261129020000-subscription-rate.js';
import { Migration20261129030000WebhookFailingPause } from './20261129030000-webhook-failing-pause.js';
import { Migration20261129050000AnalyticsLiveRollups } from './20261129050000-analytics-live-rollups.js';

/**
 * Every migration, oldest first. Forward-only: a schema change is a new class here,
 * never an edit of an applied one. Route families name the migration they need
 * (see src/http/migration-gate.ts) so new code answers 503 until it is applied.
 */
export const MIGRATIONS = [
  { name: 'Migration20261121000100Foundation', class: Migration20261121000100Foundation },
  { name: 'Migration20261121000200Disclosures', class: Migration20261121000200Disclosures },
  { name: 'Migration20261122000300MillisecondTimestamps', class: Migration20261122000300MillisecondTimestamps },
  { name: 'Migration20261122000400Webhooks', class: Migration20261122000400Webhooks },
  { name: 'Migration20261122000500Conversations', class: Migration20261122000500Conversations },
  { name: 'Migration20261122000600Widget', class: Migration20261122000600Widget },
  { name: 'Migration20261123000100TenantLimits', class: Migration20261123000100TenantLimits },
  { name: 'Migration20261123000200DeliveryBacklog', class: Migration20261123000200DeliveryBacklog },
  { name: 'Migration20261124000100DeliveryPacing', class: Migration20261124000100DeliveryPacing },
  { name: 'Migration20261124000200OperationPacing', class: Migration20261124000200OperationPacing },
  { name: 'Migration20261124001000Leads', class: Migration20261124001000Leads },
  { name: 'Migration20261124001010LeadTasks', class: Migration20261124001010LeadTasks },
  { name: 'Migration20261124001020LeadScoreSource', class: Migration20261124001020LeadScoreSource },
  { name: 'Migration20261124002000Articles', class: Migration20261124002000Articles },
  { name: 'Migration20261124004000Analytics', class: Migration20261124004000Analytics },
  { name: 'Migration20261124005010Strategist', class: Migration20261124005010Strategist },
  { name: 'Migration20261124006000StatusSignals', class: Migration20261124006000StatusSignals },
  { name: 'Migration20261124007100AnalyticsIngestCounts', class: Migration20261124007100AnalyticsIngestCounts },
  { name: 'Migration20261124007200StrategistTurns', class: Migration20261124007200StrategistTurns },
  { name: 'Migration20261124007300StrategistCompetitors', class: Migration20261124007300StrategistCompetitors },
  { name: 'Migration20261124007400Sandbox', class: Migration20261124007400Sandbox },
  { name: 'Migration20261124007500AnalyticsRollupVersions', class: Migration20261124007500AnalyticsRollupVersions },
  { name: 'Migration20261125000100RedactDerivedCustomerText', class: Migration20261125000100RedactDerivedCustomerText },
  { name: 'Migration20261125003000DeliveryHeldFor', class: Migration20261125003000DeliveryHeldFor },
  { name: 'Migration20261126000100TopicClusters', class: Migration20261126000100TopicClusters },
  { name: 'Migration20261127000100SweepActivityIndexes', class: Migration20261127000100SweepActivityIndexes },
  { name: 'Migration20261127000200StackSecrets', class: Migration20261127000200StackSecrets },
  { name: 'Migration20261127000700DeliveryOrder', class: Migration20261127000700DeliveryOrder },
  { name: 'Migration20261127220000SupportActions', class: Migration20261127220000SupportActions },
  { name: 'Migration20261128000100StrategistReportPlanned', class: Migration20261128000100StrategistReportPlanned },
  { name: 'Migration20261128000200DeliveryRetention', class: Migration20261128000200DeliveryRetention },
  { name: 'Migration20261128004000Reconciler', class: Migration20261128004000Reconciler },
  { name: 'Migration20261128010000SupportOperators', class: Migration20261128010000SupportOperators },
  { name: 'Migration20261128190000LeadDescription', class: Migration20261128190000LeadDescription },
  { name: 'Migration20261129010000OperationProgress', class: Migration20261129010000OperationProgress },
  { name: 'Migration20261129020000SubscriptionRate', class: Migration20261129020000SubscriptionRate },
  { name: 'Migration20261129030000WebhookFailingPause', class: Migration20261129030000WebhookFailingPause },
  { name: 'Migration20261129050000AnalyticsLiveRollups', class: Migration20261129050000AnalyticsLiveRollups },
];

export type MigrationName = (typeof MIGRATIONS)[number]['name'];
