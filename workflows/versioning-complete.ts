import type * as registered from './index.js';
import type { VERSIONING } from './versioning.js';

/**
 * Compile-time only (the worker's bundle never imports it): every type workflows/index.ts
 * exports has its versioning behavior in versioning.ts, so a new workflow does not compile
 * without one. It sits apart so that versioning.ts, which index.ts imports, imports no index.
 */
type Unversioned = Exclude<keyof typeof registered, keyof typeof VERSIONING>;
export const everyWorkflowVersioned: [Unversioned] extends [never] ? true : Unversioned = true;
