import { Migration } from '@mikro-orm/migrations';

/** Who scored a lead: the builtin scorer, or the integrator (POST /leads/{id}/score), whose score the builtin one then leaves alone. */
export class Migration20261124001020LeadScoreSource extends Migration {
  override up(): void {
    this.addSql(`alter table leads add column score_source text check (score_source in ('builtin', 'integrator'));`);
  }
}
