import { createHash } from 'node:crypto';
import type { Services } from '../../services.js';
import { Lead } from '../../entities/lead.js';
import { aiSettingsFor } from '../ai-seller/index.js';
import { redactCustomerText } from '../privacy/redaction.js';
import { isSandbox } from '../sandbox/shadows.js';
import { builtinIntent, type LeadIntent } from './lead-intent.js';
import { builtinSummary } from './lead-summary.js';
import { recentMessages } from './queries.js';
import { remoteLeadDescription } from './remote-lead-description.js';

/**
 * Lead.intent and Lead.ai_summary (decisions: "Lead intent and summary"), made from the
 * customer's own messages in the lead's conversation with personal data redacted first, by the
 * model AI_PROVIDER names for the tenant (a sandbox's is builtin unless SANDBOX_AI_PROVIDER=live).
 * Free: neither model's description is charged. Made outside the lead's transaction (a remote
 * model answers in seconds; the lead row stays unlocked meanwhile) and stored with the score.
 */
export interface LeadDescription {
  intent: LeadIntent;
  summary: string;
  /** What it was made from: the model and the redacted messages, hashed. The same basis is not described again. */
  basis: string;
}

/**
 * A remote model's bound, within the scoring step's own 30 s (workflows/step-options.ts SHORT_STEP):
 * a slower model leaves the builtin description until the next change.
 */
const REMOTE_DEADLINE_MS = 15_000;

/**
 * The latest customer messages described: what the customer wants now is in them, a summary
 * quotes fewer, and each is redacted (some 5 ms a message) inside the scoring step.
 */
const MESSAGES_DESCRIBED = 30;

const basisOf = (model: string, texts: string[]) => createHash('sha256').update([model, ...texts].join('\u0000')).digest('hex');

type Describing = Pick<Services, 'orm' | 'config' | 'log'>;

/**
 * The description of a lead's conversation as it is now; null when there is nothing (new) to
 * describe: no lead, no conversation, no customer text, or the same basis as the stored one.
 * A remote model that fails or answers no usable JSON leaves the builtin description, under
 * the builtin's basis, so the next change asks the remote model again.
 */
export async function describeLead(s: Describing, leadId: string): Promise<LeadDescription | null> {
  const em = s.orm.em.fork();
  const lead = await em.findOne(Lead, { id: leadId });
  if (!lead?.conversationId) return null;
  // Names are kept: the summary is shown only with the lead's contact (its name included), and a
  // product named like a person must stay readable; e-mails, phones and every other kind go.
  const context = { cell: s.config.cell, contactNames: [], keepNames: true };
  const texts = (await recentMessages(em, lead.conversationId))
    .filter((m) => m.sender === 'customer' && m.content?.trim())
    .slice(-MESSAGES_DESCRIBED)
    .map((m) => redactCustomerText(m.content!, context));
  if (!texts.length) return null;
  const ai = aiSettingsFor(s.config.ai, !await isSandbox(em, lead.tenantId));
  if (ai.provider === 'openai') {
    const basis = basisOf(`openai/${ai.openai.model}`, texts);
    if (lead.aiSummaryBasis === basis) return null;
    try {
      const described = await remoteLeadDescription(ai, texts, Math.min(ai.timeoutMs, REMOTE_DEADLINE_MS));
      // The model was told not to, and may still echo what the placeholders stood for.
      return { intent: described.intent, summary: redactCustomerText(described.summary, context), basis };
    } catch (err) {
      // Never the customer's text in the log: the lead and what failed.
      s.log.warn({ lead_id: lead.id, err: (err as Error).message }, 'lead description: the remote model failed; the builtin model describes the lead');
    }
  }
  const basis = basisOf('builtin', texts);
  if (lead.aiSummaryBasis === basis) return null;
  const intent = builtinIntent(texts)!;
  return { intent, summary: builtinSummary(intent, texts), basis };
}

/** Stores a description on the (locked) lead; answers the Lead fields that changed (the basis is no Lead field). */
export function applyDescription(lead: Lead, d: LeadDescription): ('intent' | 'ai_summary')[] {
  const changed: ('intent' | 'ai_summary')[] = [];
  if (lead.intent !== d.intent) changed.push('intent');
  if (lead.aiSummary !== d.summary) changed.push('ai_summary');
  lead.intent = d.intent;
  lead.aiSummary = d.summary;
  lead.aiSummaryBasis = d.basis;
  return changed;
}
