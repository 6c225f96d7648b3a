import { Migration } from '@mikro-orm/migrations';

/**
 * Topic clusters (docs/decisions.md, "Topic clusters"): every topic has a cluster from now on;
 * a topic queued before is a cluster of its own (the related ones queued after join it).
 */
export class Migration20261126000100TopicClusters extends Migration {
  override up(): void {
    this.addSql('update strategist_topics set cluster_id = id where cluster_id is null;');
  }
}
