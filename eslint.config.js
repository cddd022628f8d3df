import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';

// ---- web layering (apps/web/src) -------------------------------------------------------
// ui/ holds shared widgets: it imports no features/. A feature imports no other feature,
// except the ones in SHARED_FEATURES, which any feature may use:
//   executions: the execution hooks (api/), the execute-or-schedule form (execute/) and the
//   execution widgets that the workflows, schedules, jobs and report pages all show.
//   catalogue: the catalogue browser (/products, and the widget of an EO-product input of the
//   execute form), the product search and the product input's display in the report.
// One exception, until those calls move into features/executions/api: the execute form
// (features/executions/execute/) reads the workflow version and saves schedules through
// workflows/api/execute.ts and schedules/api.ts.
// Relative imports are checked per folder depth, so `../x` inside a feature is never
// mistaken for another feature named x.
const WEB_FEATURES_DIR = 'apps/web/src/features';
const SHARED_FEATURES = ['executions', 'catalogue'];
const FEATURE_EXCEPTIONS = { executions: ['workflows/api/execute', 'schedules/api'] };
const webFeatures = readdirSync(new URL(`./${WEB_FEATURES_DIR}`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const MAX_FEATURE_DEPTH = 5;

function featureBoundaries(feature) {
  const others = webFeatures.filter((name) => name !== feature && !SHARED_FEATURES.includes(name));
  if (others.length === 0) return [];
  const exceptions = (FEATURE_EXCEPTIONS[feature] ?? []).map((path) => `(?!${path}$)`).join('');
  return Array.from({ length: MAX_FEATURE_DEPTH }, (_, depth) => ({
    files: [`${WEB_FEATURES_DIR}/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./){${depth + 1}}${exceptions}(${others.join('|')})(/|$)`,
              message: `A feature imports no other feature except ${SHARED_FEATURES.join(', ')}: move what both need to ui/ or a shared feature (eslint.config.js, web layering).`,
            },
          ],
        },
      ],
    },
  }));
}

const webLayering = [
  {
    files: ['apps/web/src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./)+features(/|$)', message: 'ui/ holds shared widgets: it imports no features/ (eslint.config.js, web layering).' }] },
      ],
    },
  },
  ...webFeatures.flatMap(featureBoundaries),
];
// ---- end of web layering ---------------------------------------------------------------

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'apps/server/drizzle/**',
      'test-results/**',
      'playwright-report/**',
      'data/**',
      '**/.tmp/**',
      'bench/**/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['vitest.config.ts'] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.tsx', 'apps/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // The server's layers and modules are checked by dependency-cruiser, from one table (.dependency-cruiser.mjs, npm run depcruise).
  // Thin routes: a route validates, calls a service or repository and answers; SQL lives in repositories (docs/architecture.md "Thin routes").
  {
    files: ['apps/server/src/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'SQL lives in repositories: move the query to the module’s *.repository.ts.' },
            { regex: '(^|/)([^/]+\\.schema|db/schema)(\\.js)?$', message: 'A route names no table: move the query to the module’s *.repository.ts.' },
          ],
        },
      ],
    },
  },
  // One job per file (issue 33 §3): a server file past 350 lines does several; split it by job, not by line count.
  // Generated files (drizzle/) are ignored above; a temporary exception would be listed in `ignores` here (none today).
  {
    files: ['apps/server/src/**/*.{ts,mts}'],
    ignores: [],
    rules: { 'max-lines': ['error', { max: 350 }] },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { ...globals.node } },
  },
  ...webLayering,
);
