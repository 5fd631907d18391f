// Lint rules, including the import boundaries between the project's folders:
// shared/ is the pure domain and imports nothing from the other folders;
// frontend/ never imports lambdas/ or infra/.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const noImportsFrom = (folders, why) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: folders.map((folder) => ({
        group: [`**/${folder}/**`, `**/${folder}`],
        message: why,
      })),
    },
  ],
});

// esbuild (tsx, the Lambda bundles, Vite) rewrites a regex literal with \p{...} into `new RegExp(...)` where it
// stands, so one written inside a function is compiled again on every call: keep them in module-level constants.
const unicodeRegexAtModuleLevel = {
  selector: ':function Literal[regex.pattern=/\\\\[pP]\\{/][regex.flags=/[uv]/]',
  message: 'Move a \\p{...} regex to a module-level constant: esbuild compiles one inside a function on every call.',
};

export default tseslint.config(
  { ignores: ['node_modules', 'cdk.out', 'frontend/dist', '.data', 'coverage', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', unicodeRegexAtModuleLevel],
    },
  },
  {
    files: ['shared/**'],
    rules: {
      ...noImportsFrom(['lambdas', 'infra', 'frontend', 'tests', 'bench'], 'shared/ is the pure domain: it imports nothing from the other folders.'),
      'no-restricted-globals': ['error', { name: 'process', message: 'shared/ takes configuration as arguments; only lambdas/config reads the environment.' }],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'shared/ reads no clock: take a Clock argument.' },
        { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: 'shared/ reads no clock: take a Clock argument.' },
        unicodeRegexAtModuleLevel,
      ],
    },
  },
  {
    // The domain's unit tests may use the shared test support (in-memory ports, fixtures, adapter checks).
    files: ['shared/**/*.test.ts'],
    rules: noImportsFrom(['lambdas', 'infra', 'frontend', 'bench'], 'shared/ unit tests import only shared/ and tests/support.'),
  },
  {
    files: ['frontend/**'],
    rules: noImportsFrom(['lambdas', 'infra', 'tests', 'bench'], 'frontend/ talks to the API over HTTP: it never imports lambdas/ or infra/.'),
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  // Zones: a feature (frontend/src/features/<name>/) uses the shared layers (api/, ui/, head/,
  // session/, analytics/) and shared/, never the app shell (app/ composes the features) and never
  // another feature, CSS included: what two features need lives in a shared layer.
  {
    files: ['frontend/src/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...['lambdas', 'infra', 'tests', 'bench'].map((folder) => ({
              group: [`**/${folder}/**`, `**/${folder}`],
              message: 'frontend/ talks to the API over HTTP: it never imports lambdas/ or infra/.',
            })),
            { group: ['**/app/**', '**/app'], message: 'Features never import the app shell: app/ composes them.' },
          ],
        },
      ],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[^./]',
              message: 'Features never import each other: move what both need to a shared layer (ui/, api/, head/, session/, analytics/).',
            },
          ],
        },
      ],
    },
  },
);
