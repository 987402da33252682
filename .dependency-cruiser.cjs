/**
 * The house the PWA and the server are built as (docs/architecture.md, "Layers"), checked by
 * dependency-cruiser (`npm run check:deps`, part of `npm run lint`). Type-only imports count: an
 * arrow through types still ties the files' layers together. Biome keeps the rules about packages
 * (charts, React and Dexie in a model, Node and browser globals); every rule about which folder may
 * import which is here, each checked against a planted violation (tests/unit/dependency-rules.test.ts).
 */
const ENTRIES = '^src/(main|entry-server)\\.tsx$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle ties its files into one unit: none can be read, tested or moved alone.',
      // A cycle is reported from each of its files, so one with a hand-written file is always
      // caught; the generated documents and their index (which re-exports them) may import each other.
      from: { pathNot: '\\.generated\\.ts$' },
      to: { circular: true },
    },
    {
      name: 'services-not-graphql',
      severity: 'error',
      comment: 'Services are the use cases the GraphQL layer calls; they do not depend on it.',
      from: { path: '^server/services/' },
      to: { path: '^server/graphql/' },
    },
    {
      name: 'resolvers-not-resolvers',
      severity: 'error',
      comment:
        'Resolvers do not import resolvers: shared answers belong in server/graphql/shared-views.ts or a service.',
      from: { path: '^server/graphql/resolvers/', pathNot: '^server/graphql/resolvers/index\\.ts$' },
      to: { path: '^server/graphql/resolvers/' },
    },
    {
      name: 'back-office-services-alone',
      severity: 'error',
      comment: 'Only back-office services import the back office: the client area never depends on it.',
      from: { path: '^server/services/', pathNot: '^server/services/backoffice-' },
      to: { path: '^server/services/backoffice-' },
    },
    {
      name: 'app-imported-by-nobody',
      severity: 'error',
      comment:
        'src/app composes the features (router, providers, shell); only the entry points import it. ' +
        'What others need of it belongs in src/routes, src/api or a feature.',
      from: { path: '^(src|server|scripts|bench)/', pathNot: ['^src/app/', ENTRIES] },
      to: { path: '^src/app/' },
    },
    {
      name: 'feature-through-its-index',
      severity: 'error',
      comment:
        "A feature uses another feature only through what that feature's index.ts exports, never its internals.",
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: ['^src/features/$1/', '^src/features/[^/]+/index\\.ts$'] },
    },
    {
      name: 'feature-index-outside',
      severity: 'error',
      comment:
        "Outside the features, only src/app (which routes to their screens), the tests and the benches reach past a feature's index.ts.",
      from: { path: '^(src|server|scripts)/', pathNot: ['^src/features/', '^src/app/', ENTRIES] },
      to: { path: '^src/features/[^/]+/.+/' },
    },
    {
      name: 'components-below-features',
      severity: 'error',
      comment:
        'src/components holds what two or more features use; it never imports a feature or the app shell.',
      from: { path: '^src/components/' },
      to: { path: '^src/(features|app)/' },
    },
    {
      name: 'api-below-features',
      severity: 'error',
      comment:
        'src/api is the GraphQL client, the session and the generated documents every feature uses; it imports no feature, component or app file.',
      from: { path: '^src/api/' },
      to: { path: '^src/(features|components|app)/' },
    },
    {
      name: 'db-below-features',
      severity: 'error',
      comment:
        'src/db is the device storage every feature uses; it imports no feature, component, app or API file.',
      from: { path: '^src/db/' },
      to: { path: '^src/(features|components|app|api)/' },
    },
    {
      name: 'dexie-in-the-data-layer',
      severity: 'error',
      comment:
        "Only src/db and the features' api/ folders touch IndexedDB (Dexie and the database handle); screens, models and components go through them.",
      from: { path: '^src/', pathNot: ['^src/db/', '^src/features/[^/]+/api/', ENTRIES] },
      to: { path: ['(^|/)node_modules/dexie/', '^src/db/(database|load-database)\\.ts$'] },
    },
    {
      name: 'model-pure',
      severity: 'error',
      comment:
        "A feature's model/ holds its pure client-only rules: it imports src/domain, its own model/ and the API's generated types.",
      from: { path: '^src/features/([^/]+)/model/' },
      to: {
        path: '^src/',
        pathNot: ['^src/domain/', '^src/features/$1/model/', '^src/api/graphql\\.generated\\.ts$'],
      },
    },
    {
      name: 'model-api-types-only',
      severity: 'error',
      comment:
        "A model's input is the API's answer: it names the generated types of that answer rather than writing them again, but runs none of the API's code (documents, requests).",
      from: { path: '^src/features/[^/]+/model/' },
      to: { path: '^src/api/graphql\\.generated\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'domain-shared-and-pure',
      severity: 'error',
      comment: 'src/domain holds the rules both programs share: it imports nothing of the PWA or the server.',
      from: { path: '^src/domain/' },
      to: { path: '^(src|server)/', pathNot: '^src/domain/' },
    },
    {
      name: 'routes-shared',
      severity: 'error',
      comment:
        'src/routes is read by the PWA, the service worker and the server: it imports only src/domain and itself.',
      from: { path: '^src/routes/' },
      to: { path: '^(src|server)/', pathNot: '^src/(routes|domain)/' },
    },
    {
      name: 'service-worker-alone',
      severity: 'error',
      comment:
        'The service worker imports only itself, src/routes and src/domain: the app, its features and React stay out.',
      from: { path: '^src/sw/' },
      to: { path: '^(src|server)/', pathNot: '^src/(sw|routes|domain)/' },
    },
    {
      name: 'server-not-pwa',
      severity: 'error',
      comment:
        'The server imports of the PWA only the shared rules (src/domain) and the route manifest (src/routes).',
      from: { path: '^server/' },
      to: { path: '^src/', pathNot: '^src/(domain|routes)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|dist-ssr|dist-server|var)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
