import path from 'node:path';

/**
 * The absolute path of `relative` inside `root`, refusing anything that would leave it (`..`,
 * absolute paths, NUL bytes, backslashes), so a stored or uploaded file name cannot reach other files.
 */
export function resolveInside(root: string, relative: string): string {
  if (relative.includes('\u0000') || relative.includes('\\') || path.isAbsolute(relative)) {
    throw new Error(`Unzulässiger Dateiname: ${JSON.stringify(relative)}`);
  }
  const base = path.resolve(root);
  const target = path.resolve(base, relative);
  if (!target.startsWith(`${base}${path.sep}`)) {
    throw new Error(`Dateiname verlässt seinen Ordner: ${JSON.stringify(relative)}`);
  }
  return target;
}
