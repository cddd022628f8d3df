import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'apps/server/drizzle/**', 'test-results/**', 'playwright-report/**', 'data/**', '.tmp/**', 'bench/**/results/**'] },
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
  // ---- server layers (docs/architecture.md, "Layers"): platform/ knows no module and no engine;
  // the modules depend one way (schedules -> builder -> knowledge -> platform); a module may name
  // another's tables (its *.schema.js: the database is one), nothing else of it.
  {
    files: ['apps/server/src/platform/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/modules/**', '**/engine/**', '**/app-context.js', '**/app.js', '**/db-schema.js'], message: 'platform/ imports nothing from modules/, engine/ or the app: give it an interface it declares.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/knowledge/**/*.ts', 'apps/server/src/modules/usermgr/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/builder/**', '**/schedules/**', '**/keystore/**', '**/procimp/**', '**/resmgr/**', '**/taskmgr/**', '**/tiles/**', '**/demo/**', '**/spa/**', '**/engine/**'],
              message: 'knowledge and usermgr stand on platform/ alone.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/builder/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/schedules/**', '!**/schedules/*.schema.js', '**/taskmgr/**', '**/tiles/**', '**/demo/**'], message: 'schedules, taskmgr, tiles and the demo use the builder, not the other way round.' },
          ],
        },
      ],
    },
  },
  // ---- end of server layers
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { ...globals.node } },
  },
);
