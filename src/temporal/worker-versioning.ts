import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isGrpcServiceError, type Client } from '@temporalio/client';
import type { WorkerDeploymentVersion } from '@temporalio/common';
import type { Config } from '../config.js';
import { WORKFLOW_BUNDLE } from './workflow-bundle.js';
import { connectTemporal, temporalClient } from './connect.js';

/**
 * Worker Versioning (docs/adr/0065-safe-to-run-for-months-issue-40-session-15.md, "Worker Versioning from it on"; docs/operating.md, "Deploying a
 * workflow change"): every Worker polls as one version of the deployment, its build id the
 * workflow bundle it runs. New runs go to the deployment's current version (or its ramping one,
 * by percentage); a PINNED run stays on the version it started on, an AUTO_UPGRADE run moves to
 * the current one at its next workflow task (workflows/versioning.ts says which type is which).
 */

/**
 * The build id of a workflow bundle: a hash of the file itself, so it changes exactly when the
 * code the workers run does (workflow code, the SDK's workflow runtime, or the build's paths in
 * its source map), and every worker of one build reports the same id.
 */
export function buildIdOf(bundlePath: string = WORKFLOW_BUNDLE): string {
  return `wf-${createHash('sha256').update(readFileSync(bundlePath)).digest('hex').slice(0, 16)}`;
}

/** The version the workers of a build poll as: TEMPORAL_DEPLOYMENT and the bundle's build id. */
export const deploymentVersionOf = (config: Pick<Config, 'temporal'>, bundlePath?: string): WorkerDeploymentVersion =>
  ({ deploymentName: config.temporal.deployment, buildId: buildIdOf(bundlePath) });

/** `<deployment>.<build id>`, as the Temporal CLI and UI name a version. */
export const versionName = (v: WorkerDeploymentVersion): string => `${v.deploymentName}.${v.buildId}`;

export interface DeploymentRouting {
  /** The version new runs (and every AUTO_UPGRADE run) go to; null: none set, so only unversioned workers would get them. */
  current: string | null;
  /** The version a share of new runs goes to while it is ramped, and its percentage. */
  ramping: { version: string; percent: number } | null;
}

/** Where the deployment sends new runs now; null when it does not exist yet (no worker ever polled as it, nothing set). */
export async function routingOf(client: Client, deploymentName: string): Promise<DeploymentRouting | null> {
  try {
    const { workerDeploymentInfo } = await client.workflowService.describeWorkerDeployment({ namespace: client.options.namespace, deploymentName });
    const routing = workerDeploymentInfo?.routingConfig;
    const named = (v: { deploymentName?: string | null; buildId?: string | null } | null | undefined) => (v?.buildId ? `${v.deploymentName}.${v.buildId}` : null);
    const ramping = named(routing?.rampingDeploymentVersion);
    return { current: named(routing?.currentDeploymentVersion), ramping: ramping ? { version: ramping, percent: routing?.rampingVersionPercentage ?? 0 } : null };
  } catch (err) {
    if (isGrpcServiceError(err) && err.code === NOT_FOUND) return null;
    throw err;
  }
}

const NOT_FOUND = 5;

/**
 * Makes `version` the deployment's current version: new runs, and every AUTO_UPGRADE run at its
 * next task, go to its workers; the version that was current drains (its PINNED runs finish on
 * it). Allowed before the version's workers poll when there is no current version (the first
 * deploy's setup runs before any worker; until they poll, its tasks wait in the queue). Answers
 * the version that was current.
 */
export async function setCurrentVersion(client: Client, version: WorkerDeploymentVersion, identity = 'bin/ctl temporal'): Promise<string | null> {
  const { previousDeploymentVersion } = await untilItPollsEveryQueue(() => client.workflowService.setWorkerDeploymentCurrentVersion({
    namespace: client.options.namespace, deploymentName: version.deploymentName, buildId: version.buildId, identity, allowNoPollers: true,
  }));
  return previousDeploymentVersion?.buildId ? `${previousDeploymentVersion.deploymentName}.${previousDeploymentVersion.buildId}` : null;
}

/** Sends `percent` of new runs (the rest to the current version) to `version`: a canary before it is made current. 0 ends the ramp. */
export async function setRampingVersion(client: Client, version: WorkerDeploymentVersion, percent: number, identity = 'bin/ctl temporal'): Promise<void> {
  await untilItPollsEveryQueue(() => client.workflowService.setWorkerDeploymentRampingVersion({
    // Ending the ramp is an empty build id, which server 1.29 refuses together with allowNoPollers ("BuildID cannot be empty").
    namespace: client.options.namespace, deploymentName: version.deploymentName, buildId: percent > 0 ? version.buildId : '', percentage: percent, identity, allowNoPollers: percent > 0,
  }));
}

const FAILED_PRECONDITION = 9;

/**
 * The server refuses to route to a version that does not poll every task queue the current one
 * does ("missing active task queues": those would be left to unversioned workers, i.e. none).
 * A version's queues are registered by its workers' first polls, seconds after they start:
 * asked again until then, up to `withinMs`; a version whose workers never poll one of the
 * queues stays refused (WORKER_QUEUES must cover all three across the new workers).
 */
async function untilItPollsEveryQueue<T>(change: () => Promise<T>, withinMs = 60_000): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    try {
      return await change();
    } catch (err) {
      const missing = isGrpcServiceError(err) && err.code === FAILED_PRECONDITION && /missing active task queues/i.test(err.details);
      if (!missing || Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

export interface VersionSetup {
  /** This build's version. */
  version: string;
  /** The deployment's current version after the step. */
  current_version: string;
  /** The one before, when the step changed it (null: there was none). */
  previous_version?: string | null;
}

/**
 * The setup step's part (`bin/ctl temporal setup`): a deployment with no current version sends
 * new runs to unversioned workers only, and there are none, so they would wait for ever. This
 * build's version becomes current when the deployment has none (its first deploy), or whatever
 * is current with `promote` (bin/up and compose, which replace every worker at once). A rolling
 * deploy promotes later, once the new workers poll (`bin/ctl temporal promote`).
 */
export async function setupVersion(client: Client, version: WorkerDeploymentVersion, promote: boolean): Promise<VersionSetup> {
  const name = versionName(version);
  const current = (await routingOf(client, version.deploymentName))?.current ?? null;
  if (current === name || (current !== null && !promote)) return { version: name, current_version: current };
  return { version: name, current_version: name, previous_version: await setCurrentVersion(client, version, 'bin/ctl temporal setup') };
}

/** Makes this build's version (`bundlePath`, default the build's own) current on the configured server, over a connection of its own. */
export async function promoteBuild(config: Pick<Config, 'temporal'>, identity: string, bundlePath?: string): Promise<string | null> {
  const connection = await connectTemporal(config);
  try {
    return await setCurrentVersion(temporalClient(config, connection), deploymentVersionOf(config, bundlePath), identity);
  } finally {
    await connection.close();
  }
}
