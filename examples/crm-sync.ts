/**
 * A CRM sync: copy every lead into your CRM once (pages of GET /leads, following next_cursor),
 * then keep it current from signed lead.updated webhooks: verify the delivery, answer 200 at
 * once, read the lead with your key and update the CRM record.
 *
 *   SALES_CHAT_API_KEY=sk_... SALES_CHAT_BASE_URL=http://127.0.0.1:3000/api/public/v1 \
 *   PUBLIC_URL=https://crm.example.com/hooks/sales-chat PORT=8080 node examples/crm-sync.ts
 */
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { SalesChat, SignatureVerificationError, type Lead, type WebhookEvent } from '@sales-chat/client';

/** Your CRM's record of a lead, by the platform's lead id (here a Map; yours is a database). */
export interface CrmRecord {
  title: string | null;
  status: string;
  version: number;
  contactEmail: string | null;
}

export type Log = (line: string) => void;

export class CrmSync {
  readonly records = new Map<string, CrmRecord>();
  /** Where the next backfill starts: the updated_at of the last lead copied (leads come ascending by updated_at). */
  lastUpdatedAt: string | undefined;
  private readonly processed = new Set<string>();
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly client: SalesChat, private secret: string | undefined, private readonly log: Log = console.log) {}

  /** Copies every lead changed since the last run into the CRM, page by page. */
  async backfill(filters: { status?: Lead['status'] } = {}): Promise<number> {
    let copied = 0;
    const since = this.lastUpdatedAt ? { updated_after: this.lastUpdatedAt } : {};
    for await (const lead of this.client.leads.list({ ...filters, ...since, limit: 2 })) {
      this.upsert(lead);
      this.lastUpdatedAt = lead.updated_at;
      copied++;
    }
    this.log(`backfill: ${copied} lead(s) copied${filters.status ? ` (status ${filters.status})` : ''}; the CRM holds ${this.records.size}`);
    return copied;
  }

  /** Subscribes `url` (https, port 443, yours) to lead.updated; keeps the signing secret, shown only now. */
  async subscribe(url: string): Promise<string> {
    // Keyed by the endpoint: subscribing again (a restart before the secret was stored) replays the first answer, secret included, and makes no second webhook.
    const webhook = await this.client.webhooks.create({ url, events: ['lead.updated'], description: 'CRM sync' }, { idempotencyKey: `crm-sync-webhook-${url}` });
    this.secret = webhook.secret ?? this.secret;
    this.log(`subscribed ${webhook.id} to lead.updated`);
    return webhook.id;
  }

  /**
   * One delivery as your HTTP server received it (the raw body, before any JSON parsing, and
   * the Svc-Signature header). Returns the status to answer: 400 when it does not verify, else
   * 200 at once (the work runs after; a slow answer would be retried as failed).
   */
  receive(rawBody: Buffer | string, signature: string | string[] | undefined): number {
    let event: WebhookEvent;
    try {
      event = this.client.webhooks.constructEvent(rawBody, signature, this.secret ?? '', { tolerance: 300 });
    } catch (err) {
      if (!(err instanceof SignatureVerificationError)) throw err;
      this.log(`refused a delivery: ${err.reason}`);
      return 400;
    }
    // A delivery is retried until answered 2xx: an event id already taken is answered, not redone.
    if (this.processed.has(event.id)) return 200;
    this.processed.add(event.id);
    this.queue = this.queue.then(() => this.process(event)).catch((err: Error) => this.log(`${event.id} failed: ${err.message}`));
    return 200;
  }

  /** Resolves once the deliveries received so far are processed. */
  idle(): Promise<void> {
    return this.queue;
  }

  private async process(event: WebhookEvent): Promise<void> {
    // New event types may come: answered 200 above and ignored here.
    if (event.type !== 'lead.updated') return;
    // Narrowed by its type: the thin data (identifiers, version, changed fields); the lead is read with your own key.
    const { lead_id: leadId, version, changed_fields: changed } = event.data;
    const known = this.records.get(leadId);
    if (known && known.version >= version) return;
    const lead = await this.client.leads.retrieve(leadId);
    this.upsert(lead);
    this.log(`lead.updated ${leadId.slice(0, 8)}: ${changed.join(', ')} -> status ${lead.status}, version ${lead.version}`);
  }

  private upsert(lead: Lead): void {
    this.records.set(lead.id, { title: lead.title, status: lead.status, version: lead.version, contactEmail: lead.contact?.email ?? null });
  }
}

async function main(): Promise<void> {
  const client = new SalesChat({ apiKey: process.env.SALES_CHAT_API_KEY!, baseUrl: process.env.SALES_CHAT_BASE_URL! });
  const sync = new CrmSync(client, process.env.SALES_CHAT_WEBHOOK_SECRET);
  await sync.backfill();
  if (!process.env.SALES_CHAT_WEBHOOK_SECRET) await sync.subscribe(process.env.PUBLIC_URL!);
  createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => res.writeHead(sync.receive(Buffer.concat(chunks), req.headers['svc-signature'])).end());
  }).listen(Number(process.env.PORT ?? 8080));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
