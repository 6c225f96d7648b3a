import { DefaultLogger } from '@temporalio/worker';
import { WORKFLOW_BUNDLE, WORKFLOW_ENTRY, writeWorkflowBundle } from '../temporal/workflow-bundle.js';

/**
 * The build's last step: bundles the compiled workflows (dist/workflows/) into
 * dist/workflow-bundle.js, the one file every worker of the deploy runs and the replay tests
 * replay against.
 */
writeWorkflowBundle(WORKFLOW_ENTRY, WORKFLOW_BUNDLE, new DefaultLogger('WARN')).then(
  () => console.error(`workflow bundle: ${WORKFLOW_BUNDLE}`),
  (err: unknown) => {
    console.error(`bundle-workflows: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
