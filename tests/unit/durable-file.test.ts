import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * A full disk, simulated: while `diskFull` is set, every write of file contents (through a handle or
 * `writeFile`) creates or truncates its file and then fails with ENOSPC, as the kernel does when
 * the first block cannot be allocated.
 */
const disk = vi.hoisted(() => ({ full: false }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
  const open: typeof real.open = async (...args: Parameters<typeof real.open>) => {
    const handle = await real.open(...args);
    if (!disk.full) return handle;
    return new Proxy(handle, {
      get(target, property, receiver) {
        if (property === 'writeFile' || property === 'write') return async () => Promise.reject(enospc());
        const value = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  };
  const failingWriteFile: typeof real.writeFile = async (file, ...rest) => {
    if (!disk.full) return real.writeFile(file, ...rest);
    await real.writeFile(file, '');
    throw enospc();
  };
  const mocked = { ...real, open, writeFile: failingWriteFile };
  return { ...mocked, default: mocked };
});

const { writeFileDurably } = await import('../../server/services/durable-file');
const { createMailTransport } = await import('../../server/services/mail');

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'weindepot-durable-'));
  disk.full = false;
});
afterEach(async () => {
  disk.full = false;
  await rm(folder, { recursive: true, force: true });
});

const message = { to: 'kunde@example.com', subject: 'Ihre Rechnung', text: 'Guten Tag' };

describe('files appear complete or not at all', () => {
  it('a mail that fails on a full disk leaves no file, empty or otherwise, and is written on the retry', async () => {
    const mail = createMailTransport({
      smtpUrl: undefined,
      mailDir: folder,
      from: 'Weindepot <service@weindepot.example>',
    });
    disk.full = true;
    for (let attempt = 0; attempt < 3; attempt++) {
      await expect(mail.send(message, { fileStem: '0000000007-abc' })).rejects.toThrow(/ENOSPC/);
    }
    expect(await readdir(folder)).toEqual([]);

    disk.full = false;
    await mail.send(message, { fileStem: '0000000007-abc' });
    expect(await readdir(folder)).toEqual(['0000000007-abc.eml']);
    expect((await stat(path.join(folder, '0000000007-abc.eml'))).size).toBeGreaterThan(100);
  });

  it('keeps an existing file when asked to (a redelivery) and replaces it otherwise', async () => {
    const file = path.join(folder, 'nachricht.eml');
    expect(await writeFileDurably(file, 'erste Fassung', { ifExists: 'keep' })).toBe('written');
    expect(await writeFileDurably(file, 'zweite Fassung', { ifExists: 'keep' })).toBe('kept');
    expect(await readFile(file, 'utf8')).toBe('erste Fassung');
    expect(await writeFileDurably(file, 'dritte Fassung')).toBe('written');
    expect(await readFile(file, 'utf8')).toBe('dritte Fassung');
    expect(await readdir(folder)).toEqual(['nachricht.eml']);
  });

  it('leaves an existing file untouched when its replacement fails', async () => {
    const file = path.join(folder, 'secrets.json');
    await writeFile(file, '{"alt":true}');
    disk.full = true;
    await expect(writeFileDurably(file, '{"neu":true}')).rejects.toThrow(/ENOSPC/);
    disk.full = false;
    expect(await readFile(file, 'utf8')).toBe('{"alt":true}');
    expect(await readdir(folder)).toEqual(['secrets.json']);
  });

  it('two deliveries of the same row at once write one file', async () => {
    const mail = createMailTransport({
      smtpUrl: undefined,
      mailDir: folder,
      from: 'Weindepot <service@weindepot.example>',
    });
    await Promise.all(
      Array.from({ length: 5 }, () =>
        mail.send(message, { fileStem: '0000000009-xyz', idempotencyKey: 'k' }),
      ),
    );
    expect(await readdir(folder)).toEqual(['0000000009-xyz.eml']);
  });
});
