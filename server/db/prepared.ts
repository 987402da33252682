import type { Database } from './client';

/**
 * A statement of the hot read paths (every request's session read, the offer search, the order
 * list) built once per database handle and run by name.
 *
 * Why: building a Drizzle query walks its whole tree (`is()` checks, column lists, parameter
 * lists) on every call; on the search and the order list that was a sixth of the server's time.
 * A prepared Drizzle query keeps the SQL text and its result mapping and only fills in the
 * placeholders. On Postgres the name also makes node-postgres parse the statement once per pooled
 * connection, so the server plans it from the cache instead of from the text every time. PGlite
 * ignores the name.
 *
 * Each statement's text is fixed: lists go in as one array parameter (`= any(…)`), never as a
 * variable number of placeholders. A migration that changes a table's columns while a server runs
 * makes Postgres refuse that table's prepared statements ("cached plan must not change result
 * type") until the server restarts; migrations run at start-up, before any request.
 */
export function preparedPerDatabase<Statement>(
  build: (db: Database) => Statement,
): (db: Database) => Statement {
  const statements = new WeakMap<Database, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
