/** A caller's requests per minute in each rate class, and its paid operations at once (spec 01, Limits). */
export interface RateLimits {
  read_per_min: number;
  write_per_min: number;
  paid_per_min: number;
  paid_concurrency: number;
}
