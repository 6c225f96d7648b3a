import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const ioModules = ['fs', 'http', 'https', 'net', 'dns', 'child_process', 'crypto', 'tls', 'dgram', 'pg', 'ioredis', 'undici', 'koa']
  .flatMap((m) => [m, `node:${m}`]);

export default tseslint.config(
  { ignores: ['dist/**', 'clients/typescript/dist/**', 'node_modules/**', '.tools/**', '.state/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: {
      globals: globals.node,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Tests read JSON answers loosely.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Workflow code must stay deterministic: no Node built-ins, nothing that does I/O,
    // and nothing from src/ (which touches the database, Redis or the network).
    files: ['workflows/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: ioModules.map((name) => ({ name, message: 'Workflows may not do I/O; use an activity.' })),
        patterns: [
          { group: ['@mikro-orm/*', 'node:*'], message: 'Workflows may not do I/O; use an activity.' },
          { group: ['../src/*', '../../src/*'], message: 'Workflows import only their contracts (workflows/*) and activity types, nothing from src/.' },
          { group: ['../activities/*', '../../activities/*'], message: 'Import activity types only (import type).', allowTypeImports: true },
        ],
      }],
    },
  },
  {
    // The dependency direction of ARCHITECTURE.md: routes -> domain -> entities. The domain and
    // the entities know no HTTP (errors are src/errors' DomainError, rendered in src/http).
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/http/*', '**/routes/*', '**/widget/*', 'koa', '@koa/*', 'koa-body'], message: 'The domain knows no HTTP: raise a DomainError (src/errors) and return domain results; routes make answers.' },
        ],
      }],
    },
  },
  {
    files: ['src/entities/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/http/*', '**/routes/*', '**/widget/*', '**/domain/*', 'koa', '@koa/*', 'koa-body'], message: 'Entities import nothing from the domain or the HTTP layer: shared value types live with the entities.' },
        ],
      }],
    },
  },
  {
    // Front doors other than the api (the support console, bin/ctl) take the answers they share
    // with it from src/presenters, never from the api's routes: a change to a route is not a change
    // to an internal page (docs/adr/0105-presenters-shared-by-the-front-doors.md).
    files: ['src/console/**/*.ts', 'src/cli/**/*.ts', 'src/support-console.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/routes/*'], message: 'The console and bin/ctl import no route: a presenter two front doors use lives in src/presenters/<resource>.ts.' },
        ],
      }],
    },
  },
  {
    // The shared presenters turn rows into answers; they know no front door.
    files: ['src/presenters/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/http/*', '**/routes/*', '**/widget/*', '**/console/*', '**/cli/*', 'koa', '@koa/*', 'koa-body'], message: 'A shared presenter imports only the domain, the entities and config types: no front door.' },
        ],
      }],
    },
  },
);
