/**
 * A row a workflow step works on is gone (deleted meanwhile, e.g. by a sandbox reset): no
 * retry brings it back. Its class name is a non-retryable error type of the steps' retry
 * policy (workflows/step-options.ts, PERMANENT_ERROR_TYPES), so the step fails at once.
 */
export class RowVanished extends Error {}
