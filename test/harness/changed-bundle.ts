import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DefaultLogger } from '@temporalio/worker';
import { writeWorkflowBundle } from '../../src/temporal/workflow-bundle.js';
import { failureConverterPathOf } from '../../src/temporal/connect.js';

/** One change to one compiled workflow module: `insert` goes before `anchor`; `imports` on top. */
export interface WorkflowChange {
  /** The module under workflows/, e.g. `ai-reply.js`. */
  file: string;
  anchor: string;
  insert: string;
  /** Import lines the inserted code needs (under names of its own: the module may import the same). */
  imports?: string;
}

/**
 * A change of commands to a PINNED type: the AI reply waits a millisecond before it begins. A
 * timer the old code never started, so a run begun on the old code that reached the new code
 * would fail its workflow task on replay (and one of the new code on the old).
 */
export const AI_REPLY_WAITS_FIRST: WorkflowChange = {
  file: 'ai-reply.js', anchor: 'return runModelOperation(operationId, AI_REPLY);',
  imports: "import { sleep as deploySleep } from '@temporalio/workflow';", insert: 'await deploySleep(1);',
};

/**
 * The workflow bundle of the next deploy: the compiled workflows of the build at `dist` (and its
 * failure converter) copied into `<dist>/deploys/<name>/`, changed, and bundled as the build bundles them. Answers the
 * bundle's path (its build id is its own: src/temporal/worker-versioning.ts).
 */
export async function changedBundle(dist: string, name: string, changes: WorkflowChange[]): Promise<string> {
  const dir = join(dist, 'deploys', name);
  cpSync(join(dist, 'workflows'), join(dir, 'workflows'), { recursive: true });
  // The build's failure converter, which the bundle and its Workers load from beside it.
  cpSync(failureConverterPathOf(dist), failureConverterPathOf(dir));
  for (const change of changes) {
    const file = join(dir, 'workflows', change.file);
    const source = readFileSync(file, 'utf8');
    if (!source.includes(change.anchor)) throw new Error(`no "${change.anchor}" in ${file}: the deploy's change has nowhere to go`);
    writeFileSync(file, `${change.imports ?? ''}\n${source.replace(change.anchor, `${change.insert} ${change.anchor}`)}`);
  }
  const bundle = join(dir, 'workflow-bundle.js');
  await writeWorkflowBundle(join(dir, 'workflows', 'index.js'), bundle, new DefaultLogger('WARN'));
  return bundle;
}
