/* global module, require, __filename, __dirname */
// sanitize-html (CommonJS) requires htmlparser2 12, which is ESM only. Node 22 loads that
// natively (require of ESM); jest's module registry cannot before Node 24.9, and jest's
// createRequire leads back to its registry. jest.config.js maps htmlparser2 here; this loads
// it through Node's own Module.prototype.require, so the tests run the production code path.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS file
const { Module } = require('node:module');
const loader = new Module(__filename);
loader.filename = __filename;
loader.paths = Module._nodeModulePaths(__dirname);
module.exports = loader.require('htmlparser2');
