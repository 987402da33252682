/**
 * Import rules dependency-cruiser checks (`npm run check:deps`, part of `npm run lint`): no import
 * cycles, and the server's services never reach up into the GraphQL layer. Type-only imports count:
 * a cycle through types still ties the files' layers together.
 */
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
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|dist-ssr|var)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
