export { Tenant } from './tenant.js';
export { Integration } from './integration.js';
export { ApiKey } from './api-key.js';
export { Channel } from './channel.js';
export { Wallet, WalletLedgerEntry, FxRate } from './wallet.js';
export { OutboxEvent } from './outbox-event.js';
export { IdempotencyRecord } from './idempotency-record.js';
export { DisclosureLogEntry, DisclosureRegisterEntry } from './disclosure.js';
export { KeyExpiryNotice } from './key-expiry-notice.js';
export { Webhook, WebhookDelivery, WebhookDeliveryAttempt } from './webhook.js';
export { Contact, Conversation, Message } from './conversation.js';
export { Card } from './card.js';
export { Operation } from './operation.js';
export { WidgetSession } from './widget-session.js';
export { Lead, LeadTask } from './lead.js';
export { Article, Publication, Site, EditorialProfile } from './article.js';
export { StrategistReport, StrategistTopic, StrategistSession, StrategistAction } from './strategist.js';
export { StrategistTurn } from './strategist-turn.js';
export { SupportOperator } from './support-operator.js';
import { Tenant } from './tenant.js';
import { Integration } from './integration.js';
import { ApiKey } from './api-key.js';
import { Channel } from './channel.js';
import { Wallet, WalletLedgerEntry, FxRate } from './wallet.js';
import { OutboxEvent } from './outbox-event.js';
import { IdempotencyRecord } from './idempotency-record.js';
import { DisclosureLogEntry, DisclosureRegisterEntry } from './disclosure.js';
import { KeyExpiryNotice } from './key-expiry-notice.js';
import { Webhook, WebhookDelivery, WebhookDeliveryAttempt } from './webhook.js';
import { Contact, Conversation, Message } from './conversation.js';
import { Card } from './card.js';
import { Operation } from './operation.js';
import { WidgetSession } from './widget-session.js';
import { Lead, LeadTask } from './lead.js';
import { Article, Publication, Site, EditorialProfile } from './article.js';
import { StrategistReport, StrategistTopic, StrategistSession, StrategistAction } from './strategist.js';
import { StrategistTurn } from './strategist-turn.js';
import { SupportOperator } from './support-operator.js';

export const ALL_ENTITIES = [
  Tenant, Integration, ApiKey, Channel, Wallet, WalletLedgerEntry, FxRate,
  OutboxEvent, IdempotencyRecord, DisclosureLogEntry, DisclosureRegisterEntry, KeyExpiryNotice,
  Webhook, WebhookDelivery, WebhookDeliveryAttempt,
  Contact, Conversation, Message, Card, Operation, WidgetSession,
  Lead, LeadTask,
  Article, Publication, Site, EditorialProfile,
  StrategistReport, StrategistTopic, StrategistSession, StrategistAction, StrategistTurn,
  SupportOperator,
];
