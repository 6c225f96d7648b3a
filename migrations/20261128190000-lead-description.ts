import { Migration } from '@mikro-orm/migrations';

/**
 * What a lead's intent and ai_summary were made from (a hash of the model and the redacted
 * customer messages), so an unchanged conversation is not described again (decisions: "Lead
 * intent and summary"). The intent and ai_summary columns themselves came with the leads table.
 */
export class Migration20261128190000LeadDescription extends Migration {
  override up(): void {
    this.addSql('alter table leads add column ai_summary_basis text;');
  }
}
