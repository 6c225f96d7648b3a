// Tests run as native ES modules (MikroORM 7 ships ESM only); @swc/jest strips types.
/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  // The TypeScript client's own tests beside its package (clients/typescript/test).
  roots: ['<rootDir>/test', '<rootDir>/clients/typescript/test'],
  testMatch: ['**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/test/bench/'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    // The examples import the client by its package name, as an integrator's code does.
    '^@sales-chat/client$': '<rootDir>/clients/typescript/src/index.ts',
    '^htmlparser2$': '<rootDir>/test/harness/htmlparser2.cjs',
    // Its ES build imports its metadata JSON without an import attribute, which jest warns about
    // once per importing file (six lines a test file); the CommonJS build is the same code.
    '^libphonenumber-js$': '<rootDir>/node_modules/libphonenumber-js/index.cjs',
  },
  transform: {
    '^.+\\.ts$': ['@swc/jest', {
      jsc: { parser: { syntax: 'typescript' }, target: 'es2023' },
      module: { type: 'es6' },
      sourceMaps: 'inline',
    }],
  },
  // Delivery tests wait for real retries on a real Temporal server; on a loaded 2-core machine
  // nine attempts can take a minute. A broken behaviour still fails on its assertion.
  testTimeout: 120000,
  maxWorkers: 2,
  // A worker keeps every test file's module graph it ran (ES modules in vm contexts are not
  // freed at once): after 200-odd files one ran out of heap and crashed mid-file, and the late
  // files crawled in garbage collection (a unit file 35 s). A worker above this after a file is
  // replaced by a fresh one.
  workerIdleMemoryLimit: '1GB',
};
