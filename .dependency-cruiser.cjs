// The layering of DESIGN.md §2, enforced: `npm run lint:imports` (part of `npm test`).
// Tests and test fixtures may build a whole app, so the server's layer rules apply to live code.
const TESTS = '(\\.test\\.tsx?$|\\.test-helpers\\.ts$|/test/)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'server-lower-layers-import-app',
      comment: 'modules, shared, db and config are below app (the composition root): they never import it.',
      severity: 'error',
      from: { path: '^apps/server/src/(modules|shared|db|config)/', pathNot: TESTS },
      to: { path: '^apps/server/src/app/' },
    },
    {
      name: 'server-shared-imports-modules',
      comment: 'shared, db and config are below the modules: they never import one.',
      severity: 'error',
      from: { path: '^apps/server/src/(shared|db|config)/', pathNot: TESTS },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'server-live-code-imports-migration',
      comment:
        'A migration is frozen history: live code reads its rules from contracts or its module, never from a migration.',
      severity: 'error',
      from: { path: '^apps/server/src/', pathNot: '^apps/server/src/db/' },
      to: { path: '^apps/server/src/db/migrations/' },
    },
    {
      name: 'server-foreign-repository',
      comment: 'A module reaches another through its usecases (or a port), never through its repository.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: TESTS },
      to: {
        path: '^apps/server/src/modules/[^/]+/[^/]+\\.repository\\.ts$',
        pathNot: '^apps/server/src/modules/$1/',
      },
    },
    {
      name: 'server-module-cycle',
      comment: 'Two files that import each other, directly or not: one of them belongs elsewhere.',
      severity: 'error',
      from: { path: '^apps/server/src/', pathNot: TESTS },
      to: { circular: true },
    },
    {
      name: 'web-foreign-components-or-pages',
      comment:
        "A web feature never imports another feature's components or pages: shared widgets live in shared/ui.",
      severity: 'error',
      from: { path: '^apps/web/src/modules/([^/]+)/' },
      to: { path: '^apps/web/src/modules/[^/]+/(components|pages)/', pathNot: '^apps/web/src/modules/$1/' },
    },
    {
      name: 'web-imports-server',
      comment:
        'The web app and the demo never import server code; what both need lives in packages/contracts.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'contracts-not-pure',
      comment: 'contracts is zod and pure rules: no app code, no server framework.',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { pathNot: '^(packages/contracts/|node_modules/zod/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
