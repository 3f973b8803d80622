import fs from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';

const SERVER = './apps/server/src';
const WEB = './apps/web/src';

/** The folders directly under `dir` (areas of the server, features of the web app): read, never listed by hand. */
const foldersOf = (dir) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];

/**
 * The layering (docs/architecture.md), enforced here rather than by goodwill. Every zone says: files under
 * `target` may not import files matched by `from`.
 */
const boundaries = [
  // Server: db ← platform ← modules; migrations import no application code.
  {
    target: `${SERVER}/db`,
    from: [`${SERVER}/modules`, `${SERVER}/platform`],
    message: 'The database layer knows no module and no platform code.',
  },
  {
    target: `${SERVER}/db/migrations`,
    from: [`${SERVER}/db/database.ts`, `${SERVER}/db/migrate.ts`],
    message: 'Migrations are frozen: they import no application code.',
  },
  {
    target: `${SERVER}/platform`,
    from: `${SERVER}/modules`,
    message: 'Platform code never imports a module (modules plug into the platform).',
  },
  // A module reaches another module through its service only: never its repo, tables or operations.
  ...foldersOf(`${SERVER}/modules`).map((area) => ({
    target: `${SERVER}/modules/${area}`,
    from: [
      `${SERVER}/modules/!(${area})/**/*.repo.ts`,
      `${SERVER}/modules/!(${area})/**/*.table.ts`,
      `${SERVER}/modules/!(${area})/**/*.ops.ts`,
    ],
    message: 'Another module is reached through its service, never its repo, tables or operations.',
  })),
  // Web: shared ← platform ← features ← app; a feature never imports another feature.
  {
    target: `${WEB}/shared`,
    from: [`${WEB}/platform`, `${WEB}/features`, `${WEB}/app`],
    message: 'shared/ holds pure UI and format helpers: no platform, feature or app code.',
  },
  {
    target: `${WEB}/platform`,
    from: [`${WEB}/features`, `${WEB}/app`],
    message: 'Platform code never imports a feature or the app shell.',
  },
  ...foldersOf(`${WEB}/features`).map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: [`${WEB}/features/!(${feature})/**/*`, `${WEB}/app/**/*`],
    message: 'A feature never imports another feature or the app shell: share through contracts, platform or shared.',
  })),
  // Contracts are shared by both apps and know neither.
  { target: './packages/contracts/src', from: ['./apps'], message: 'Contracts never import application code.' },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'e2e/artifacts/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'packages/contracts/tsconfig.json'],
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      // No import loops, anywhere (type-only imports included: a loop of types is a loop of knowledge).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
);
