import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  EXAMPLE_PROOF_FILE,
  EXAMPLE_SNAPSHOTS_FILE,
  VECTORS_FILE,
} from '../../../scripts/holdings-proof-vectors';
import type { HoldingsProofFile, SignedSnapshot } from '../../../src/domain/holdings-proof';

const script = path.resolve(import.meta.dirname, '../../../scripts/verify-holdings-proof.mjs');
const folder = mkdtempSync(path.join(os.tmpdir(), 'holdings-proof-script-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const example: HoldingsProofFile = JSON.parse(readFileSync(EXAMPLE_PROOF_FILE, 'utf8'));
const chain: SignedSnapshot[] = JSON.parse(readFileSync(EXAMPLE_SNAPSHOTS_FILE, 'utf8'));

let written = 0;
function fileWith(value: unknown): string {
  written += 1;
  const file = path.join(folder, `file-${written}.json`);
  writeFileSync(file, JSON.stringify(value));
  return file;
}

/** Runs the script as a client would, from a folder of its own with nothing of ours beside it. */
function run(...files: string[]) {
  const alone = path.join(folder, 'verify-holdings-proof.mjs');
  writeFileSync(alone, readFileSync(script));
  const result = spawnSync(process.execPath, [alone, ...files], { encoding: 'utf8', cwd: folder });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('scripts/verify-holdings-proof.mjs', () => {
  it('imports nothing but Node itself', () => {
    const imports = [...readFileSync(script, 'utf8').matchAll(/^import .* from '([^']+)';$/gm)].map(
      (match) => match[1],
    );
    expect(imports).toEqual(['node:crypto', 'node:fs']);
  });

  it('accepts the example proof alone and says the chain was not checked', () => {
    const { status, output } = run(EXAMPLE_PROOF_FILE);
    expect(status).toBe(0);
    expect(output).toContain('GÜLTIG: 6 Kisten von WD-100001 im Nachweis vom 2026-12-01');
    expect(output).toContain('Kette nicht geprüft');
  });

  it('accepts it with the published chain', () => {
    const { status, output } = run(EXAMPLE_PROOF_FILE, EXAMPLE_SNAPSHOTS_FILE);
    expect(status).toBe(0);
    expect(output).toContain('Kette geprüft: 2 Nachweise, ohne Unterbrechung.');
  });

  it("verifies every client's proof of the fixed vectors (an implementation of its own)", () => {
    const { proofs } = JSON.parse(readFileSync(VECTORS_FILE, 'utf8'));
    for (const proof of proofs) expect(run(fileWith(proof), EXAMPLE_SNAPSHOTS_FILE).status).toBe(0);
  });

  const tamperings: [string, (proof: HoldingsProofFile) => void, string][] = [
    [
      'a sibling sum',
      (proof) => Object.assign(proof.path[1] as object, { sum: 9 }),
      'Die Summen des Pfads ergeben',
    ],
    [
      'a sibling hash',
      (proof) => Object.assign(proof.path[0] as object, { hash: 'ab'.repeat(32) }),
      'Wurzel',
    ],
    ['a side', (proof) => Object.assign(proof.path[0] as object, { side: 'RIGHT' }), 'Wurzel'],
    [
      'a negative sum',
      (proof) => Object.assign(proof.path[0] as object, { sum: -1 }),
      'ungültige Summe (-1)',
    ],
    ['the holdings', (proof) => Object.assign(proof.holdings[0] as object, { cases: 4 }), 'Blatt-Hash'],
    ['the customer number', (proof) => Object.assign(proof, { customerNumber: 'WD-100002' }), 'Commitment'],
    ['the record', (proof) => Object.assign(proof.snapshot, { totalCases: 33 }), 'Sein Hash stimmt nicht'],
    [
      'the signature',
      (proof) => Object.assign(proof.snapshot, { signature: proof.snapshot.signature.replace(/^./, 'A') }),
      'Signatur',
    ],
  ];

  it.each(tamperings)('refuses a proof with %s changed (exit 1)', (_, tamper, message) => {
    const proof = structuredClone(example);
    tamper(proof);
    const { status, output } = run(fileWith(proof));
    expect(status).toBe(1);
    expect(output).toContain('UNGÜLTIG');
    expect(output).toContain(message);
  });

  it('refuses a chain with a record rewritten, naming its day', () => {
    const [latest, genesis] = structuredClone(chain);
    const { status, output } = run(EXAMPLE_PROOF_FILE, fileWith([latest, { ...genesis, totalCases: 1 }]));
    expect(status).toBe(1);
    expect(output).toContain('Der Nachweis vom 2026-11-30 wurde verändert');
  });

  it('refuses a proof whose snapshot is not among the published ones', () => {
    const { status, output } = run(EXAMPLE_PROOF_FILE, fileWith(chain.slice(1)));
    expect(status).toBe(1);
    expect(output).toContain('nicht unter den angegebenen veröffentlichten Nachweisen');
  });

  it('answers 2 without a file or with one it cannot read', () => {
    expect(run().status).toBe(2);
    expect(run(path.join(folder, 'missing.json')).status).toBe(2);
  });
});
