import type { Em } from '../../db/em.js';
import type { Config } from '../../config.js';
import { Channel } from '../../entities/channel.js';
import { Tenant } from '../../entities/tenant.js';
import { Contact, Conversation, type PageRef } from '../../entities/conversation.js';
import { newId, UUID } from '../../ids.js';
import { EVENTS } from '../events/catalogue.js';
import { recordEvent } from '../events/outbox.js';
import { contactEventFields } from '../conversations/contacts.js';
import { noteConversationChange } from '../conversations/live.js';
import type { Payer } from '../operations/paid-admission.js';
import { findTenant, ProvisioningError } from '../provisioning/tenants.js';
import { storedWebsiteSettings, websiteSettings, type WebsiteSettings, type WebsiteSettingsInput } from './website-settings.js';

export const WEBSITE = 'website';

export interface NewWebsiteChannel extends WebsiteSettingsInput {
  /** Only for fixed demo data; otherwise a new id. */
  id?: string;
  tenantId: string;
  name?: string;
}

/** A website chat channel of a tenant (the widget's `channel_id`). */
export async function createWebsiteChannel(em: Em, input: NewWebsiteChannel, now: Date): Promise<Channel> {
  await findTenant(em, input.tenantId);
  const name = input.name?.trim() ?? 'Website chat';
  if (!name) throw new ProvisioningError('a channel name may not be empty');
  const channel = em.create(Channel, {
    id: input.id ?? newId(), tenantId: input.tenantId, integrationId: null, type: WEBSITE, name, settings: { ...websiteSettings(input) }, createdAt: now,
  });
  await em.flush();
  return channel;
}

export interface WebsiteChannel {
  channel: Channel;
  tenant: Tenant;
  settings: WebsiteSettings;
}

/**
 * The website channel a visitor names, with its tenant; null for anything else (not an id,
 * no such channel, a channel of another type, or the tenant no longer active): to a visitor
 * these are all "no such chat".
 */
export async function findWebsiteChannel(em: Em, id: string): Promise<WebsiteChannel | null> {
  if (!UUID.test(id)) return null;
  const channel = await em.findOne(Channel, { id, type: WEBSITE });
  if (!channel) return null;
  const tenant = await em.findOne(Tenant, { id: channel.tenantId });
  if (!tenant || tenant.status !== 'active') return null;
  return { channel, tenant, settings: storedWebsiteSettings(channel.settings) };
}

/**
 * Only the allowed_domains of the website channel a visitor names (what the chat page's
 * frame-ancestors needs), in one read by primary key; null for what findWebsiteChannel
 * answers null to.
 */
export async function findWebsiteChannelDomains(em: Em, id: string): Promise<string[] | null> {
  if (!UUID.test(id)) return null;
  const [row] = await em.execute<{ domains: unknown }[]>(
    `select c.settings -> 'allowed_domains' as domains
       from channels c
       join tenants t on t.id = c.tenant_id
      where c.id = ? and c.type = ? and t.status = 'active'`,
    [id, WEBSITE],
  );
  if (!row) return null;
  return Array.isArray(row.domains) ? row.domains.filter((d): d is string => typeof d === 'string') : [];
}

/**
 * A website visitor's paid work is the tenant's: no integration, the channel recorded, the
 * tenant's limits (its daily limit and its cap of widget AI spend) and the visitor's client
 * address (paid turns per address and hour), the cell's paid limits (the paid rate counted
 * per channel), and the AI answers when the plan has the ai_seller module.
 */
export function websitePayer(w: WebsiteChannel, config: Config, visitorAddress: string): Payer {
  const { limits } = config;
  return {
    tenantId: w.tenant.id,
    integrationId: null,
    channelId: w.channel.id,
    visitorAddress,
    limits: { read_per_min: limits.readPerMin, write_per_min: limits.writePerMin, paid_per_min: limits.paidPerMin, paid_concurrency: limits.paidConcurrency },
    aiAllowed: w.tenant.features.includes('ai_seller'),
    livemode: true,
  };
}

/**
 * A new visitor's conversation on the website channel: an empty contact (a visitor is
 * anonymous until they say who they are), the conversation (open, mode ai, no external id)
 * and conversation.created, in the caller's transaction.
 */
export async function startVisitorConversation(em: Em, channel: Channel, page: PageRef | null, now: Date): Promise<Conversation> {
  const contact = em.create(Contact, { id: newId(), tenantId: channel.tenantId, name: null, email: null, phone: null, createdAt: now, updatedAt: now });
  const conversation = em.create(Conversation, {
    id: newId(), tenantId: channel.tenantId, channelId: channel.id, channelType: channel.type, contactId: contact.id, externalCustomerId: null,
    status: 'open', mode: 'ai', language: null, leadId: null, operatorName: null, page, summary: null, createdAt: now, updatedAt: now,
  });
  recordEvent(em, {
    tenantId: channel.tenantId,
    type: 'conversation.created',
    ...EVENTS['conversation.created']({ conversation_id: conversation.id, contact_id: contact.id, channel: channel.type, contact: contactEventFields(contact) }),
  }, now);
  noteConversationChange(em, conversation.id);
  await em.flush();
  return conversation;
}
