import { Migration } from '@mikro-orm/migrations';

/** First month with a partition of its own; earlier and later events land in the default partition until a month is added. */
const FIRST_MONTH = { year: 2024, month: 1 };
const MONTHS = 72;

/** `create table ... partition of` for each month of [2024-01, 2030-01). */
function monthPartitions(): string {
  const out: string[] = [];
  for (let i = 0; i < MONTHS; i += 1) {
    const y = FIRST_MONTH.year + Math.floor((FIRST_MONTH.month - 1 + i) / 12);
    const m = ((FIRST_MONTH.month - 1 + i) % 12) + 1;
    const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
    const name = `analytics_events_${y}_${String(m).padStart(2, '0')}`;
    out.push(`create table ${name} partition of analytics_events for values from ('${y}-${String(m).padStart(2, '0')}-01 00:00Z') to ('${next} 00:00Z');`);
  }
  return out.join('\n');
}

/**
 * Analytics (issue 13): the tenant's time zone, raw events partitioned by month with a
 * per-tenant dedupe key, and the daily rollups the reads are served from.
 */
export class Migration20261124004000Analytics extends Migration {
  override up(): void {
    this.addSql(`
      -- null = the cell's default zone (ru Europe/Moscow, en Europe/London, id Asia/Jakarta).
      alter table tenants add column time_zone text;

      -- The dedupe key of every raw event: a re-sent (tenant, source, external id) is counted once.
      -- Apart from the partitioned table because a unique key there must hold the partition key.
      create table analytics_event_keys (
        tenant_id uuid not null references tenants(id) deferrable initially deferred,
        source text not null,
        external_id text not null check (char_length(external_id) <= 255),
        occurred_at timestamptz(3) not null,
        received_at timestamptz(3) not null,
        primary key (tenant_id, source, external_id)
      );
      -- What the snapshot asks: which days did events received since its last run touch?
      create index analytics_event_keys_received_idx on analytics_event_keys (tenant_id, received_at);

      create table analytics_events (
        id uuid not null,
        tenant_id uuid not null,
        source text not null,
        external_id text not null,
        type text not null,
        occurred_at timestamptz(3) not null,
        received_at timestamptz(3) not null,
        visitor_id text,
        contact_id uuid,
        lead_id uuid,
        properties jsonb not null default '{}',
        primary key (tenant_id, occurred_at, id)
      ) partition by range (occurred_at);
      ${monthPartitions()}
      create table analytics_events_default partition of analytics_events default;

      -- Per-tenant daily rollups: day in the tenant's zone; dimension '' is the day's total,
      -- else '<kind>:<value>' (channel:website, source:google / organic, page:/pricing, ...).
      create table analytics_daily (
        tenant_id uuid not null references tenants(id) deferrable initially deferred,
        day date not null,
        metric text not null,
        dimension text not null default '',
        value numeric(24, 4) not null,
        primary key (tenant_id, day, metric, dimension)
      );

      -- One row per tenant: when its rollups were last rebuilt, and up to which day each source is complete.
      create table analytics_snapshots (
        tenant_id uuid primary key references tenants(id) deferrable initially deferred,
        watermark timestamptz(3) not null,
        complete_through date not null,
        sources jsonb not null default '{}',
        updated_at timestamptz(3) not null
      );
    `);
  }
}
