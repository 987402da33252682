/**
 * A JSON array a statement built in the database (`json_agg`, `json_build_array`): node-postgres
 * hands `json` over parsed, a driver or column typed as text hands over the text; no rows is none.
 */
export function parsedJsonArray<Value>(value: unknown): Value[] {
  if (value === null || value === undefined) return [];
  return (typeof value === 'string' ? JSON.parse(value) : value) as Value[];
}
