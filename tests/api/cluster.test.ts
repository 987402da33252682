/**
 * `WEB_CONCURRENCY`: several server processes sharing the port (server/start.ts). The production
 * server runs as a child process on its own data and database (tests/api/support/server-process.ts).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseTargets } from './support/harness';
import { createServerSetup, postGraphQL, type ServerSetup } from './support/server-process';

let setup: ServerSetup | undefined;

afterEach(async () => {
  await setup?.cleanup();
  setup = undefined;
});

const BOTTLE_SIZES = '{ allBottleSizes { id title } }';

/** The pids of the server processes that reported ready, in order. */
const readyPids = (output: string) =>
  [...output.matchAll(/Serverprozess (\d+) bereit/g)].map((match) => Number(match[1]));

const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Waits for `condition`, bounded generously (a loaded 2-core machine). */
async function waitFor(condition: () => boolean, explain: () => string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Zeitüberschreitung: ${explain()}`);
    await sleep(100);
  }
}

describe.each(databaseTargets.filter((target) => target === 'pglite'))('WEB_CONCURRENCY (%s)', (target) => {
  it('refuses more than one process on the embedded database, with a German reason', async () => {
    setup = await createServerSetup(target, { port: 4750, env: { WEB_CONCURRENCY: '2' } });
    await expect(setup.start()).rejects.toThrow(
      'WEB_CONCURRENCY=2 braucht DATABASE_URL (Postgres): die eingebaute Datenbank (PGlite) kann nur ein Prozess öffnen.',
    );
  }, 180_000);

  it('refuses a value that is not a whole number from 1 to 64', async () => {
    setup = await createServerSetup(target, { port: 4751, env: { WEB_CONCURRENCY: 'viele' } });
    await expect(setup.start()).rejects.toThrow('WEB_CONCURRENCY muss eine ganze Zahl von 1 bis 64 sein');
  }, 180_000);
});

describe.each(databaseTargets.filter((target) => target === 'postgres'))('WEB_CONCURRENCY (%s)', (target) => {
  it('serves from two processes, replaces one that dies and stops them all on SIGTERM', async () => {
    setup = await createServerSetup(target, { port: 4752, env: { WEB_CONCURRENCY: '2' } });
    const server = await setup.start();
    expect(server.output()).toContain('2 Serverprozesse');
    const first = readyPids(server.output());
    expect(new Set(first).size).toBe(2);
    expect(first).not.toContain(server.pid);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => postGraphQL(server.url, BOTTLE_SIZES)),
    );
    expect(answers.every((answer) => answer.status === 200 && answer.errors === undefined)).toBe(true);
    const sizes = answers[0]?.data;

    // One process is killed hard: the other keeps answering, and a new one takes its place.
    const [victim = 0, survivor = 0] = first;
    process.kill(victim, 'SIGKILL');
    await waitFor(
      () => server.output().includes(`Serverprozess ${victim} endete (SIGKILL), ein neuer wird gestartet`),
      server.output,
    );
    const meanwhile = await postGraphQL(server.url, BOTTLE_SIZES);
    expect(meanwhile.data).toEqual(sizes);
    await waitFor(() => readyPids(server.output()).length === 3, server.output);
    const replacement = readyPids(server.output())[2] ?? 0;
    expect([victim, survivor]).not.toContain(replacement);
    const after = await Promise.all(Array.from({ length: 10 }, () => postGraphQL(server.url, BOTTLE_SIZES)));
    expect(after.map((answer) => answer.data)).toEqual(Array.from({ length: 10 }, () => sizes));

    await server.stop();
    await waitFor(
      () => !running(survivor) && !running(replacement),
      () => 'Serverprozesse laufen nach SIGTERM weiter',
      15_000,
    );
    expect(server.output()).toContain('SIGTERM empfangen, der Server wird beendet');
    expect(server.output()).not.toContain(`Serverprozess ${survivor} endete`);
  }, 300_000);
});
