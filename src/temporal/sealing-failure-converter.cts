// CommonJS on purpose: the SDK require()s a failure converter by its path (DataConverter's
// failureConverterPath), in the Worker and when the workflow bundle is built; this file's
// compiled twin (dist/src/temporal/sealing-failure-converter.cjs) is that path.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS under verbatimModuleSyntax has only this form
import common = require('@temporalio/common');

/**
 * Failures with their message and stack trace in encodedAttributes, a payload the payload codec
 * seals like every other (docs/decisions.md, "Customers' words sealed in Temporal"): an error that
 * quotes a customer's words is not left readable in a history.
 */
export = { failureConverter: new common.DefaultFailureConverter({ encodeCommonAttributes: true }) };
