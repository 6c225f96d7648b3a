/** What every strategist route shares: its release family and the migration its tables need. */
export const STRATEGIST_MIGRATION = 'Migration20261124005010Strategist' as const;
export const strategistFamily = { family: 'strategist', migration: STRATEGIST_MIGRATION } as const;

export interface IdParams { id: string }
