/** What every article route shares: its release family and the migration of its tables. */
export const ARTICLES_MIGRATION = 'Migration20261124002000Articles' as const;
export const articleFamily = { family: 'articles', migration: ARTICLES_MIGRATION } as const;
