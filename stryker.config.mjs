// Mutation testing of the pure rule modules (issue 28 item 7). Run with bin/mutation; never part
// of bin/test (each module's run takes minutes on a shared machine). Unit tests only: they need
// no PostgreSQL, Redis or Temporal, so a mutant run is one jest process with no services.
import process from 'node:process';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'jest',
  // Tests are native ES modules (jest.config.js): jest needs node's VM modules in the runner process.
  testRunnerNodeArgs: ['--experimental-vm-modules'],
  jest: {
    projectType: 'custom',
    configFile: 'jest.config.js',
    // MUTATION_TESTS=test/unit/x.test.ts: only that file (the sanitizer's XSS corpus test takes ~30 s a run under load).
    config: { roots: ['<rootDir>/test/unit'], maxWorkers: 1, ...(process.env.MUTATION_TESTS ? { testMatch: [`<rootDir>/${process.env.MUTATION_TESTS}`] } : {}) },
    enableFindRelatedTests: true,
  },
  coverageAnalysis: 'perTest',
  concurrency: 1,
  // A module without unit tests scores 0 (every mutant 'no coverage') instead of stopping the run.
  allowEmpty: true,
  timeoutMS: 20000,
  // Nothing unless --mutate names it: bin/mutation passes one module (file or file:lines) per run.
  mutate: [],
  checkers: [],
  // The sandbox needs the sources and the unit tests only (.tools is a symlink to a directory).
  ignorePatterns: ['/.tools', '/.state', '/dist', '/deploy', '/docs', '/test/integration', '/test/e2e', '/test/bench', '/test/artifacts'],
  reporters: ['clear-text', 'progress', 'json'],
  // bin/mutation names each module's report.
  jsonReporter: { fileName: process.env.MUTATION_REPORT ?? '.state/mutation/report.json' },
  tempDirName: '.state/stryker-tmp',
  incremental: false,
  cleanTempDir: true,
  thresholds: { high: 90, low: 80, break: null },
};
