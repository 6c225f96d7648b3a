/** A time as the answers show it: ISO 8601 in UTC, or null when there is none. */
export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
