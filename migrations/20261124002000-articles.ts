import { Migration } from '@mikro-orm/migrations';

/**
 * Articles of a tenant (spec 02, Article), the sites their publications go to, and the
 * publications themselves (one row per job version: the content hash keys a version), and
 * the tenant's editorial profile (the precondition of generation).
 */
export class Migration20261124002000Articles extends Migration {
  override up(): void {
    this.addSql(`
      create table articles (
        id uuid primary key,
        tenant_id uuid not null references tenants(id) deferrable initially deferred,
        title text not null,
        slug text check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 200),
        status text not null default 'draft'
          check (status in ('draft', 'review', 'approved', 'published', 'rejected', 'transferred', 'external', 'handed_off')),
        locale text check (locale in ('ru', 'en', 'id')),
        keyword text,
        meta_title text,
        meta_description text,
        cover_image_url text,
        word_count integer not null default 0 check (word_count >= 0),
        -- Sanitized HTML; null = no body (an article moved to the platform blog).
        content_html text,
        created_at timestamptz(3),
        updated_at timestamptz(3),
        published_at timestamptz(3),
        -- The list order: undated articles last in updated_at descending.
        listed_at timestamptz(3) generated always as (coalesce(updated_at, '0001-01-01 00:00:00+00'::timestamptz)) stored
      );
      create unique index articles_slug_idx on articles (tenant_id, slug) where slug is not null;
      create index articles_traversal_idx on articles (tenant_id, listed_at desc, id desc);

      create table sites (
        id uuid primary key,
        tenant_id uuid not null references tenants(id) deferrable initially deferred,
        url text not null,
        drafts_only boolean not null default false,
        token_hash text not null unique,
        last_heartbeat_at timestamptz(3),
        created_at timestamptz(3) not null
      );
      create index sites_tenant_idx on sites (tenant_id);

      create table publications (
        id uuid primary key,
        tenant_id uuid not null references tenants(id) deferrable initially deferred,
        article_id uuid not null references articles(id) deferrable initially deferred,
        version integer not null check (version >= 1),
        content_hash text not null,
        target text not null check (target in ('connector', 'none')),
        site_id uuid references sites(id) deferrable initially deferred,
        publish_mode text check (publish_mode in ('draft', 'publish')),
        state text not null check (state in ('queued', 'applied', 'skipped', 'conflict', 'failed')),
        published_url text,
        error text check (char_length(error) <= 200),
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null
      );
      create unique index publications_version_idx on publications (article_id, version);
      create index publications_site_pending_idx on publications (site_id, created_at) where state = 'queued';

      -- The precondition of article generation: what the tenant writes about, for whom, how.
      create table editorial_profiles (
        tenant_id uuid primary key references tenants(id) deferrable initially deferred,
        niche text not null,
        audience text,
        tone text,
        presentation text,
        topic_sources jsonb not null default '[]',
        source_urls jsonb not null default '[]',
        avoid text,
        example_text text,
        locale text check (locale in ('ru', 'en', 'id')),
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null
      );
    `);
  }
}
