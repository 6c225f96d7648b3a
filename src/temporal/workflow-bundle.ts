import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleWorkflowCode, type Logger } from '@temporalio/worker';
import { failureConverterPathOf } from './connect.js';

/**
 * The workflow bundle is built once, by the build (`node dist/src/cli/bundle-workflows.js` after
 * tsc), into the build's root: every worker of a deploy loads the same file, and the replay
 * tests replay the recorded histories against that very file (docs/operating.md, "Deploying a
 * workflow change"). Paths are relative to this module, so one build's bundle is found from it.
 */
export const WORKFLOW_BUNDLE = fileURLToPath(new URL('../../workflow-bundle.js', import.meta.url));

/** The compiled workflow entry the bundle is made from. */
export const WORKFLOW_ENTRY = fileURLToPath(new URL('../../workflows/index.js', import.meta.url));

/**
 * Bundles the workflows at `workflowsPath` (compiled JavaScript, `<build>/workflows/index.js`)
 * into one file at `out`, with that build's failure converter: inside the sandbox, a workflow's
 * failures are sealed like its payloads (src/temporal/connect.ts).
 */
export async function writeWorkflowBundle(workflowsPath: string, out: string, logger?: Logger): Promise<void> {
  const failureConverterPath = failureConverterPathOf(dirname(dirname(workflowsPath)));
  const { code } = await bundleWorkflowCode({ workflowsPath, logger, failureConverterPath });
  await writeFile(out, code);
}

/** The bundle option of a Worker: the prebuilt file, or a clear failure naming the build step. */
export function prebuiltWorkflowBundle(path: string = WORKFLOW_BUNDLE): { codePath: string } {
  if (!existsSync(path)) throw new Error(`no prebuilt workflow bundle at ${path}: build it with \`node dist/src/cli/bundle-workflows.js\` after tsc (bin/up, bin/test and npm run build do)`);
  return { codePath: path };
}
