/**
 * Tells the GraphQL route what Yoga ran (`OperationFacts` in `logging.ts`): the operation's name,
 * the signed-in user's id and the error codes of the answer, for the request's log record and the
 * metrics. The route passes the facts object in Yoga's server context; requests without one (the
 * first screens' own `yoga.fetch`) are left alone.
 */
import { getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { OperationFacts } from './logging';

interface ServerContext {
  operationFacts?: OperationFacts;
}

interface WithErrors {
  errors?: readonly { extensions?: { code?: unknown } }[];
}

function errorCodes(result: unknown): string[] {
  const results: unknown[] = Array.isArray(result) ? result : [result];
  return results.flatMap((entry) =>
    ((entry as WithErrors | null)?.errors ?? []).map((error) => {
      const code = error.extensions?.code;
      return typeof code === 'string' ? code : 'INTERNAL_SERVER_ERROR';
    }),
  );
}

export function observeOperationsPlugin(): Plugin<Record<string, unknown>, ServerContext> {
  return {
    onParams({ params, context }) {
      // What the client asked for; replaced by the executed operation's name below.
      if (context.operationFacts) context.operationFacts.operation = params.operationName ?? null;
    },
    onExecute({ args }) {
      const context = args.contextValue as ServerContext & { user?: { id: number } | null };
      const facts = context.operationFacts;
      if (!facts) return;
      facts.operation = getOperationAST(args.document, args.operationName)?.name?.value ?? null;
      facts.userId = context.user?.id ?? null;
    },
    onResultProcess({ result, serverContext }) {
      const facts = serverContext.operationFacts;
      if (facts) facts.errorCodes = errorCodes(result);
    },
  };
}
