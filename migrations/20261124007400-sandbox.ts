import { Migration } from '@mikro-orm/migrations';

/**
 * Test mode (issue 15): a live tenant's sandbox is a shadow tenant (`live_tenant_id` names the
 * live one) and each live integration a test key was issued for has a shadow integration in it
 * (`live_integration_id`). Triggers keep what decides access (status, features, scopes, owner,
 * allowlists, transfer conditions, limits) the live row's, whoever changes it, and mark every
 * event a sandbox tenant records livemode false.
 */
export class Migration20261124007400Sandbox extends Migration {
  override up(): void {
    this.addSql(`
      alter table tenants add column live_tenant_id uuid unique references tenants(id) deferrable initially deferred;
      alter table integrations add column live_integration_id uuid unique references integrations(id) deferrable initially deferred;

      create function sandbox_follow_tenant() returns trigger language plpgsql as $$
      begin
        update tenants set name = new.name, status = new.status, features = new.features, crm_mode = new.crm_mode,
                           spend_limits = new.spend_limits, primary_domain = new.primary_domain, updated_at = new.updated_at
         where live_tenant_id = new.id;
        return null;
      end $$;
      create trigger tenants_sandbox_follows after update on tenants
        for each row when (new.live_tenant_id is null) execute function sandbox_follow_tenant();

      create function sandbox_follow_integration() returns trigger language plpgsql as $$
      begin
        update integrations set name = new.name, status = new.status, scopes = new.scopes, owner_permissions = new.owner_permissions,
                                owner_active = new.owner_active, ip_allowlist = new.ip_allowlist, hosting_country = new.hosting_country,
                                transfer_basis = new.transfer_basis, daily_spend_limit_rub = new.daily_spend_limit_rub, updated_at = new.updated_at
         where live_integration_id = new.id;
        return null;
      end $$;
      create trigger integrations_sandbox_follows after update on integrations
        for each row when (new.live_integration_id is null) execute function sandbox_follow_integration();

      create function sandbox_event_livemode() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from tenants where id = new.tenant_id and live_tenant_id is not null) then new.livemode := false; end if;
        return new;
      end $$;
      create trigger outbox_events_sandbox_livemode before insert on outbox_events
        for each row execute function sandbox_event_livemode();
    `);
  }
}
