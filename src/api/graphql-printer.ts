/**
 * The part of `graphql` that graphql-request uses in the browser; `vite.config.ts` resolves the
 * bare `graphql` import of the PWA build to this module. The PWA only sends documents that codegen
 * wrote as syntax trees (`src/api/documents/*.generated.ts`), so graphql-request only prints
 * them: the parser, lexer and error classes (≈ 8 KB gzipped on every route) stay out of the build.
 */
export { Kind } from 'graphql/language/kinds';
export { print } from 'graphql/language/printer';

/** graphql-request parses only documents given as text (to name the operation); the PWA sends none. */
export function parse(): never {
  throw new Error('GraphQL-Dokumente kommen als Syntaxbaum aus dem Codegen, nicht als Text');
}
