/**
 * The one way the server writes a file that others read (mails, generated media, the stored
 * secrets, the build stamp): the bytes go to a hidden temporary file beside the target, are
 * flushed to the disk (fsync), and only then get the final name (rename, or link when an existing
 * file must be kept). A full disk or a crash mid-write therefore leaves no empty or truncated file
 * under the final name — at most a hidden `.…tmp` file, removed on failure where the process lives.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { link, mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

export interface DurableWriteOptions {
  /** File mode of a new file (default 0o644). */
  mode?: number;
  /**
   * `replace` (default) swaps an existing file atomically; `keep` leaves an existing file as it
   * is and answers 'kept' (a redelivery of a file written before a crash).
   */
  ifExists?: 'replace' | 'keep';
}

export type DurableWriteResult = 'written' | 'kept';

/** A hidden name in the target's folder (same file system, so the rename is atomic). */
export function temporaryNameFor(file: string): string {
  return path.join(
    path.dirname(file),
    `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
  );
}

const isErrorCode = (error: unknown, ...codes: string[]) =>
  typeof error === 'object' && error !== null && codes.includes(String((error as { code?: unknown }).code));

/** Makes the rename itself durable; file systems that cannot sync a folder are left as they are. */
async function syncFolder(folder: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(folder, 'r');
    await handle.sync();
  } catch (error) {
    if (!isErrorCode(error, 'EISDIR', 'EINVAL', 'EPERM', 'ENOTSUP', 'EBADF')) throw error;
  } finally {
    await handle?.close();
  }
}

/**
 * Gives a complete, synced temporary file its final name and removes the temporary name. With
 * `keep`, a hard link refuses an existing target atomically (two processes delivering the same
 * row: one file, one 'kept'); where links are unsupported, an existence check and a rename.
 */
export async function publishFile(
  temporary: string,
  file: string,
  ifExists: DurableWriteOptions['ifExists'] = 'replace',
): Promise<DurableWriteResult> {
  try {
    if (ifExists === 'keep') {
      try {
        await link(temporary, file);
      } catch (error) {
        if (isErrorCode(error, 'EEXIST')) return 'kept';
        if (!isErrorCode(error, 'EPERM', 'ENOTSUP', 'EXDEV', 'ENOSYS')) throw error;
        const existing = await open(file, 'r').catch(() => null);
        if (existing) {
          await existing.close();
          return 'kept';
        }
        await rename(temporary, file);
      }
    } else {
      await rename(temporary, file);
    }
  } finally {
    await rm(temporary, { force: true });
  }
  await syncFolder(path.dirname(file));
  return 'written';
}

/** Flushes a file another program wrote (ffmpeg's output) before it is published. */
export async function syncFile(file: string): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Writes `data` to `file` through a synced temporary file; the folder is created when missing. */
export async function writeFileDurably(
  file: string,
  data: string | Uint8Array,
  options: DurableWriteOptions = {},
): Promise<DurableWriteResult> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = temporaryNameFor(file);
  const handle = await open(temporary, 'wx', options.mode ?? 0o644);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  return publishFile(temporary, file, options.ifExists);
}

/** The same for start-up code that runs before anything is asynchronous (config, build stamp). */
export function writeFileDurablySync(
  file: string,
  data: string | Uint8Array,
  options: { mode?: number } = {},
): void {
  const temporary = temporaryNameFor(file);
  const descriptor = openSync(temporary, 'wx', options.mode ?? 0o644);
  try {
    writeFileSync(descriptor, data);
    fsyncSync(descriptor);
    closeSync(descriptor);
    renameSync(temporary, file);
  } catch (error) {
    try {
      closeSync(descriptor);
    } catch {
      // Already closed after a failed rename.
    }
    rmSync(temporary, { force: true });
    throw error;
  }
  try {
    const folder = openSync(path.dirname(file), 'r');
    try {
      fsyncSync(folder);
    } finally {
      closeSync(folder);
    }
  } catch (error) {
    if (!isErrorCode(error, 'EISDIR', 'EINVAL', 'EPERM', 'ENOTSUP', 'EBADF')) throw error;
  }
}
