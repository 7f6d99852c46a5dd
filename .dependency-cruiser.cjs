/* global module */
/**
 * Dependency rules for the server (decision 046), run by `npm run lint`:
 * - no cycle between domains (folders under server/domains), counting runtime imports: a type-only
 *   import (`import type`) is erased at build time and is how a domain states the shape of a
 *   provider another domain registers (admin's dashboard and customer sections);
 * - a router (or a file route, *.http.ts) never imports a repository: it is one line into a service;
 * - a domain never imports another domain's repository (it calls that domain's service);
 * - kysely (SQL) is imported at run time only by repositories and server/statements (statements
 *   spanning several domains' tables, composed from their repositories' SQL).
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-domain-cycle',
      severity: 'error',
      comment: 'Domains exchange values through services in one direction; orchestrate from one place or publish events.',
      scope: 'folder',
      from: { path: '^server/domains/[^/]+' },
      to: {
        path: '^server/domains/[^/]+',
        circular: true,
        dependencyTypesNot: ['type-only'],
        viaOnly: { path: '^server/domains/', dependencyTypesNot: ['type-only'] },
      },
    },
    {
      name: 'router-imports-no-repository',
      severity: 'error',
      comment: 'A router procedure is one line into a service (ARCHITECTURE.md).',
      from: { path: '\\.(router|http)\\.ts$' },
      to: { path: '\\.repository\\.ts$' },
    },
    {
      name: 'no-other-domains-repository',
      severity: 'error',
      comment: "A domain calls another domain's service, never its repository.",
      from: { path: '^server/domains/([^/]+)/' },
      to: { path: '^server/domains/[^/]+/[^/]+\\.repository\\.ts$', pathNot: '^server/domains/$1/' },
    },
    {
      name: 'kysely-only-in-repositories',
      severity: 'error',
      comment: 'SQL lives in repositories: services, routers and server/lib pass plain values, never SQL fragments.',
      from: { path: '^server/', pathNot: ['\\.repository\\.ts$', '^server/statements/'] },
      to: { path: 'node_modules/kysely/', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests, and the composition roots that import every domain to assemble the app (the tRPC
    // router, the Fastify app and HTTP edge, the entry points): they are not part of any domain.
    exclude: {
      path: [
        '\\.test\\.ts$',
        '^test/',
        'test-helpers\\.ts$',
        '^server/trpc/router\\.ts$',
        '^server/(app|boot|index)\\.ts$',
        '^server/http/',
      ],
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
