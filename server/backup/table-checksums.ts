/**
 * A fingerprint of every table of the portal (schema `public` and drizzle's migration record):
 * row count and an order-independent sum of the rows' hashes, `"<count>:<sum>"`. A backup records
 * it in the same snapshot as its dump, and a restore recomputes it on the restored database: equal
 * fingerprints mean every row arrived unchanged.
 */

/** Runs one SQL statement on the connection (or transaction) the fingerprint is taken on. */
export type RunStatement = (statement: string) => Promise<{ rows: unknown[] }>;

export type TableChecksums = Record<string, string>;

/**
 * A row's text depends on session settings (time zone, date and interval style, float digits):
 * fixed here, so that a fingerprint taken on one server equals that of its restore on another.
 * `SET LOCAL` — the caller runs this inside a transaction.
 */
const STABLE_ROW_TEXT = [
  "set local timezone = 'UTC'",
  "set local datestyle = 'ISO, YMD'",
  "set local intervalstyle = 'postgres'",
  'set local extra_float_digits = 1',
];

export async function tableChecksums(run: RunStatement): Promise<TableChecksums> {
  for (const statement of STABLE_ROW_TEXT) await run(statement);
  const tables = (
    await run(
      `select table_schema as schema, table_name as name from information_schema.tables
       where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE'
       order by table_schema, table_name`,
    )
  ).rows as { schema: string; name: string }[];
  if (tables.length === 0) return {};
  const parts = tables.map(({ schema, name }) => {
    const label = schema === 'public' ? name : `${schema}.${name}`;
    return `select '${label}' as name, count(*)::text || ':' || coalesce(sum(hashtextextended(t::text, 0)), 0)::text as sum from "${schema}"."${name}" t`;
  });
  const rows = (await run(parts.join(' union all '))).rows as { name: string; sum: string }[];
  return Object.fromEntries(rows.map((row) => [row.name, row.sum]));
}

/** The tables whose fingerprint differs (missing on one side counts). */
export function differingTables(expected: TableChecksums, actual: TableChecksums): string[] {
  const names = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  return [...names].filter((name) => expected[name] !== actual[name]).sort();
}
