import { Migration } from '@mikro-orm/migrations';

/**
 * A report's planner run is part of its state (issue 40 item 3): `planned_at` is set when the
 * planner and the competitor scan after it have finished, so a run of the same period (the next
 * sweep, bin/ctl strategist run) plans a report that was written but whose planner failed.
 * Reports written before this are taken as planned: the deploy re-plans no old day.
 */
export class Migration20261128000100StrategistReportPlanned extends Migration {
  override up(): void {
    this.addSql(`
      alter table strategist_reports add column planned_at timestamptz(3) null;
      update strategist_reports set planned_at = created_at where not creative;
    `);
  }
}
