/**
 * Bestandsnachweis: staff take a snapshot after the warehouse's report; every client with cases in
 * bond gets a proof that verifies against it (with the browser's verifier, src/domain); a visitor
 * gets none and a client only their own; the database refuses to change a stored snapshot, and
 * one altered with the trigger disabled breaks the chain where it was altered; of two instances
 * checking the daily snapshot at once, one builds it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDailyHoldingsSnapshot } from '../../server/jobs/holdings-snapshot-schedule';
import { ledgerPositions } from '../../server/services/warehouse-ledger';
import { businessDay } from '../../src/domain/dates';
import { PROOF_FILE_FORMAT, verifyHoldingsProof, verifySnapshotChain } from '../../src/domain/holdings-proof';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';
import { signInToken } from './support/sign-in';
import { importDemoWarehouseReport } from './support/warehouse';

const SNAPSHOT_FIELDS = `version date takenAt rootHash totalCases totalBottles leafCount warehouseReportSha256
  warehouseReportAsOf warehouseCasesForClients discrepancies { critical other } previousSnapshotHash snapshotHash signature`;
const CREATE = `mutation { createHoldingsSnapshot { success errors { code message } snapshot { ${SNAPSHOT_FIELDS} } } }`;
const SNAPSHOTS = `query ($limit: Int) { holdingsSnapshots(limit: $limit) { ${SNAPSHOT_FIELDS} } holdingsProofPublicKey }`;
const MY_PROOF = `query ($date: String) { myHoldingsProof(date: $date) {
  snapshot { ${SNAPSHOT_FIELDS} } publicKey nonce customerNumber commitment
  holdings { lwin11 bottleSizeMl cases lotIds } leafHash path { hash sum side } } }`;

type Snapshot = Record<string, unknown> & {
  snapshotHash: string;
  date: string;
  totalCases: number;
  leafCount: number;
};
type Proof = Record<string, unknown> & { customerNumber: string; holdings: { cases: number }[] };

describe.each(databaseTargets)('Bestandsnachweis (%s)', (target) => {
  let portal: TestPortal;
  let staff: string;

  beforeAll(async () => {
    portal = await startTestPortal(target, { seed: true });
    staff = await signInToken(portal, 'berater@example.com');
    await importDemoWarehouseReport(portal);
  }, 120_000);
  afterAll(() => portal?.close());

  const create = async () => {
    const answer = await portal.gql<{ createHoldingsSnapshot: { success: boolean; snapshot: Snapshot } }>(
      CREATE,
      {},
      { token: staff },
    );
    expect(answer.errors).toBeUndefined();
    return answer.data?.createHoldingsSnapshot.snapshot as Snapshot;
  };
  const published = async (limit?: number) => {
    const answer = await portal.gql<{ holdingsSnapshots: Snapshot[]; holdingsProofPublicKey: string }>(
      SNAPSHOTS,
      {
        limit,
      },
    );
    return answer.data as { holdingsSnapshots: Snapshot[]; holdingsProofPublicKey: string };
  };

  /** Clients with cases the business owes in bond, and those cases, from the ledger. */
  async function owedClients() {
    const owed = new Map<string, number>();
    for (const position of await ledgerPositions(portal.db)) {
      if (position.status !== 'IN_BOND' && position.status !== 'FOR_SALE') continue;
      owed.set(position.customerNumber, (owed.get(position.customerNumber) ?? 0) + position.cases);
    }
    return owed;
  }

  async function emailOf(customerNumber: string) {
    const result = await portal.db.execute(
      sql`select email from users where customer_number = ${customerNumber}`,
    );
    return (result as unknown as { rows: { email: string }[] }).rows[0]?.email ?? '';
  }

  it("names the warehouse report, and every client's proof verifies against the signed snapshot", async () => {
    const snapshot = await create();
    const { holdingsSnapshots, holdingsProofPublicKey } = await published(1);
    expect(holdingsSnapshots).toEqual([snapshot]);
    const owed = await owedClients();
    expect(owed.size).toBeGreaterThan(1);
    expect(snapshot.leafCount).toBe(owed.size);
    expect(snapshot.totalCases).toBe([...owed.values()].reduce((a, b) => a + b, 0));
    expect(snapshot.warehouseReportSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(snapshot.warehouseCasesForClients).toEqual(expect.any(Number));
    for (const [customerNumber, cases] of owed) {
      const token = await signInToken(portal, await emailOf(customerNumber));
      const answer = await portal.gql<{ myHoldingsProof: Proof }>(MY_PROOF, {}, { token });
      const proof = answer.data?.myHoldingsProof as Proof;
      expect(proof.customerNumber).toBe(customerNumber);
      expect(proof.holdings.reduce((sum, entry) => sum + entry.cases, 0)).toBe(cases);
      const file = { format: PROOF_FILE_FORMAT, ...proof };
      expect(await verifyHoldingsProof(file, holdingsProofPublicKey)).toEqual({
        valid: true,
        failures: [],
        cases,
      });
    }
  }, 120_000);

  it('serves the day as JSON, the record at top level', async () => {
    const [latest] = (await published(1)).holdingsSnapshots;
    const response = await portal.app.inject({ url: `/bestandsnachweis/${latest?.date}.json` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(latest);
    expect((await portal.app.inject({ url: '/bestandsnachweis/1999-01-01.json' })).statusCode).toBe(404);
  });

  it('gives a visitor no proof, a client only their own, and a client without cases none', async () => {
    const visitor = await portal.gql(MY_PROOF, {});
    expect(visitor.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(visitor.data?.myHoldingsProof ?? null).toBeNull();
    const [first, second] = [...(await owedClients()).keys()];
    const token = await signInToken(portal, await emailOf(first as string));
    const own = await portal.gql<{ myHoldingsProof: Proof }>(MY_PROOF, {}, { token });
    expect(own.data?.myHoldingsProof.customerNumber).toBe(first);
    expect(own.data?.myHoldingsProof.customerNumber).not.toBe(second);
    const stranger = await portal.createUser('ohne-bestand@example.com', { password: 'Weindepot2026!' });
    expect(stranger).toEqual(expect.any(Number));
    const empty = await portal.gql<{ myHoldingsProof: Proof | null }>(
      MY_PROOF,
      {},
      { token: await signInToken(portal, 'ohne-bestand@example.com') },
    );
    expect(empty.data?.myHoldingsProof).toBeNull();
  });

  it('refuses a client and a visitor the snapshot mutation', async () => {
    const [first] = [...(await owedClients()).keys()];
    const client = await portal.gql(
      CREATE,
      {},
      { token: await signInToken(portal, await emailOf(first as string)) },
    );
    expect(client.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await portal.gql(CREATE, {})).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('the database refuses UPDATE and DELETE of a stored snapshot', async () => {
    const [latest] = (await published(1)).holdingsSnapshots;
    await expect(
      portal.db.execute(
        sql`update holdings_snapshots set total_cases = 0 where snapshot_hash = ${latest?.snapshotHash}`,
      ),
    ).rejects.toThrow();
    await expect(
      portal.db.execute(sql`delete from holdings_snapshots where snapshot_hash = ${latest?.snapshotHash}`),
    ).rejects.toThrow();
    await expect(portal.db.execute(sql`delete from holdings_snapshot_leaves`)).rejects.toThrow();
    expect((await published(1)).holdingsSnapshots).toEqual([latest]);
  });

  it('a snapshot altered with the trigger disabled breaks the chain, and the check says where', async () => {
    const middle = await create();
    await create();
    const { holdingsSnapshots, holdingsProofPublicKey } = await published(3);
    expect((await verifySnapshotChain(holdingsSnapshots, holdingsProofPublicKey)).valid).toBe(true);
    await portal.db.transaction(async (tx) => {
      await tx.execute(sql`alter table holdings_snapshots disable trigger append_only`);
      await tx.execute(
        sql`update holdings_snapshots set total_bottles = total_bottles + 12 where snapshot_hash = ${middle.snapshotHash}`,
      );
      await tx.execute(sql`alter table holdings_snapshots enable trigger append_only`);
    });
    const altered = await published(3);
    const { failures } = await verifySnapshotChain(altered.holdingsSnapshots, holdingsProofPublicKey);
    const day = middle.date.split('-').reverse().join('.');
    expect(failures).toEqual([
      {
        code: 'snapshot-hash-mismatch',
        message: `Der Nachweis vom ${day} wurde nach seiner Veröffentlichung verändert: Sein Hash stimmt nicht.`,
      },
    ]);
  });

  it('of two instances checking the daily snapshot at once, one builds it; a day with one is skipped', async () => {
    // Tomorrow at noon in Germany, past PROOF_SNAPSHOT_TIME (02:00), and a day without a snapshot yet.
    const tomorrow = new Date(`${businessDay(new Date(Date.now() + 24 * 3600_000))}T11:00:00Z`);
    const before = (await published(400)).holdingsSnapshots.length;
    const outcomes = await Promise.all([
      runDailyHoldingsSnapshot(portal.db, portal.config, tomorrow),
      runDailyHoldingsSnapshot(portal.db, portal.config, tomorrow),
    ]);
    expect(outcomes.filter((outcome) => outcome === 'built')).toHaveLength(1);
    expect((await published(400)).holdingsSnapshots).toHaveLength(before + 1);
    expect(await runDailyHoldingsSnapshot(portal.db, portal.config, tomorrow)).toBe('exists');
  }, 60_000);
});
