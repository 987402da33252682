#!/usr/bin/env node
/**
 * Prüft einen Bestandsnachweis von Weindepot, ohne etwas von Weindepot zu brauchen: nur Node (ab
 * Version 18) und sein eingebautes `node:crypto`. Die Datei lässt sich einzeln kopieren. Das
 * Format beschreibt docs/holdings-proof.md.
 *
 *   node verify-holdings-proof.mjs <nachweis.json> [snapshots.json]
 *
 * nachweis.json   die heruntergeladene Datei ("Nachweis herunterladen")
 * snapshots.json  optional: die veröffentlichten Nachweise (Liste wie /graphql holdingsSnapshots
 *                 oder eine Liste von /bestandsnachweis/<datum>.json); ohne sie wird die Kette
 *                 nicht geprüft, nur der Nachweis in der Datei.
 *
 * Exit-Status 0 nur, wenn alles stimmt; 1, wenn etwas nicht stimmt; 2 bei falschem Aufruf oder
 * unlesbarer Datei.
 */
import { createHash, createPublicKey, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';

const MAX_SUM = Number.MAX_SAFE_INTEGER;
const RECORD_FIELDS = [
  'version',
  'date',
  'takenAt',
  'rootHash',
  'totalCases',
  'totalBottles',
  'leafCount',
  'warehouseReportSha256',
  'warehouseReportAsOf',
  'warehouseCasesForClients',
  'discrepancies',
  'previousSnapshotHash',
];
const HASH = /^[0-9a-f]{64}$/;

const sha256 = (...parts) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

/** RFC 8785: Schlüssel nach UTF-16-Codeeinheiten sortiert, Zahlen und Zeichenketten wie ECMAScript sie schreibt. */
function canonical(value) {
  if (value === null || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('Zahl ohne JSON-Form');
    return JSON.stringify(value);
  }
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const keys = Object.keys(value)
    .filter((key) => value[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(',')}}`;
}

function uint64(value) {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(value));
  return bytes;
}

const label = (text) => Buffer.concat([Buffer.from(text, 'utf8'), Buffer.from([0])]);
const nodeHash = (left, right) =>
  sha256(label('weindepot-node-v1'), left.hash, uint64(left.sum), right.hash, uint64(right.sum));
const validSum = (value) => Number.isSafeInteger(value) && value >= 0;

function snapshotHash(snapshot) {
  const record = {};
  for (const field of RECORD_FIELDS) {
    if (!(field in snapshot)) throw new Error(`Feld ${field} fehlt im Nachweis`);
    record[field] = snapshot[field];
  }
  record.discrepancies = { critical: snapshot.discrepancies?.critical, other: snapshot.discrepancies?.other };
  return sha256(Buffer.from(canonical(record), 'utf8')).toString('hex');
}

function signatureValid(snapshot, publicKey) {
  const raw = Buffer.from(String(publicKey), 'base64');
  const signature = Buffer.from(String(snapshot.signature), 'base64');
  if (raw.length !== 32 || signature.length !== 64 || !HASH.test(String(snapshot.snapshotHash))) return false;
  const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), raw]);
  const key = createPublicKey({ key: spki, format: 'der', type: 'spki' });
  return verify(null, Buffer.from(snapshot.snapshotHash, 'hex'), key, signature);
}

function checkSnapshot(snapshot, publicKey, problems) {
  if (snapshotHash(snapshot) !== snapshot.snapshotHash) {
    problems.push(`Der Nachweis vom ${snapshot.date} wurde verändert: Sein Hash stimmt nicht.`);
  }
  if (!signatureValid(snapshot, publicKey)) {
    problems.push(`Die Signatur des Nachweises vom ${snapshot.date} ist ungültig.`);
  }
}

function checkLeaf(proof, problems) {
  const holdings = proof.holdings;
  if (!Array.isArray(holdings)) throw new Error('holdings fehlt');
  for (const entry of holdings) {
    if (!validSum(entry.cases) || entry.cases === 0) {
      problems.push(`Der Eintrag ${entry.lwin11} nennt eine ungültige Kistenzahl (${entry.cases}).`);
      return null;
    }
  }
  const commitment = sha256(
    label('weindepot-commit-v1'),
    Buffer.from(proof.nonce, 'hex'),
    Buffer.from(proof.customerNumber, 'utf8'),
  );
  if (commitment.toString('hex') !== proof.commitment) {
    problems.push('Das Commitment passt nicht zu Kundennummer und Zufallswert.');
  }
  const leafHash = sha256(
    label('weindepot-leaf-v1'),
    Buffer.from(proof.commitment, 'hex'),
    Buffer.from(canonical(holdings), 'utf8'),
  );
  if (leafHash.toString('hex') !== proof.leafHash) {
    problems.push('Der Blatt-Hash passt nicht zu den aufgeführten Beständen.');
  }
  return holdings.reduce((total, entry) => total + entry.cases, 0);
}

function checkPath(proof, leafSum, problems) {
  let running = { hash: Buffer.from(proof.leafHash, 'hex'), sum: leafSum };
  for (const [index, step] of proof.path.entries()) {
    if (step.side !== 'LEFT' && step.side !== 'RIGHT')
      return problems.push(`Ebene ${index + 1}: keine gültige Seite.`);
    if (!validSum(step.sum)) return problems.push(`Ebene ${index + 1}: ungültige Summe (${step.sum}).`);
    if (!HASH.test(String(step.hash))) return problems.push(`Ebene ${index + 1}: kein Hash.`);
    const sibling = { hash: Buffer.from(step.hash, 'hex'), sum: step.sum };
    const sum = running.sum + sibling.sum;
    if (sum > MAX_SUM) return problems.push(`Ebene ${index + 1}: Summe jenseits von 2^53 − 1.`);
    running = { hash: step.side === 'LEFT' ? nodeHash(sibling, running) : nodeHash(running, sibling), sum };
  }
  if (running.sum !== proof.snapshot.totalCases) {
    return problems.push(
      `Die Summen des Pfads ergeben ${running.sum} Kisten, der Nachweis nennt ${proof.snapshot.totalCases}.`,
    );
  }
  if (running.hash.toString('hex') !== proof.snapshot.rootHash) {
    problems.push('Der Pfad führt nicht zur veröffentlichten Wurzel.');
  }
}

function checkChain(proof, snapshots, problems) {
  const ordered = [...snapshots].sort((a, b) => Date.parse(a.takenAt) - Date.parse(b.takenAt));
  let previous = null;
  for (const snapshot of ordered) {
    checkSnapshot(snapshot, proof.publicKey, problems);
    if (previous && snapshot.previousSnapshotHash !== previous.snapshotHash) {
      problems.push(
        `Die Kette ist unterbrochen: Der Nachweis vom ${snapshot.date} nennt nicht den vom ${previous.date} als Vorgänger.`,
      );
    }
    previous = snapshot;
  }
  if (!snapshots.some((snapshot) => snapshot.snapshotHash === proof.snapshot.snapshotHash)) {
    problems.push(
      `Der Nachweis vom ${proof.snapshot.date} ist nicht unter den angegebenen veröffentlichten Nachweisen.`,
    );
  }
  return ordered.length;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    console.error(`Datei ${file} nicht lesbar: ${error.message}`);
    process.exit(2);
  }
}

function main([proofFile, snapshotsFile]) {
  if (!proofFile) {
    console.error('Aufruf: node verify-holdings-proof.mjs <nachweis.json> [snapshots.json]');
    process.exit(2);
  }
  const proof = readJson(proofFile);
  const problems = [];
  let chainChecked = 0;
  try {
    if (proof.format !== 'weindepot-holdings-proof-v1') throw new Error('unbekanntes Format');
    checkSnapshot(proof.snapshot, proof.publicKey, problems);
    const leafSum = checkLeaf(proof, problems);
    if (leafSum !== null) checkPath(proof, leafSum, problems);
    if (snapshotsFile) {
      const snapshots = readJson(snapshotsFile);
      if (!Array.isArray(snapshots)) throw new Error('snapshots.json ist keine Liste');
      chainChecked = checkChain(proof, snapshots, problems);
    }
  } catch (error) {
    problems.push(`Die Datei ist kein vollständiger Nachweis: ${error.message}.`);
  }
  if (problems.length > 0) {
    console.log('UNGÜLTIG');
    for (const problem of problems) console.log(`- ${problem}`);
    process.exit(1);
  }
  const cases = proof.holdings.reduce((total, entry) => total + entry.cases, 0);
  console.log(
    `GÜLTIG: ${cases} ${cases === 1 ? 'Kiste' : 'Kisten'} von ${proof.customerNumber} im Nachweis vom ${proof.snapshot.date} (Wurzel ${proof.snapshot.rootHash}).`,
  );
  console.log(`Öffentlicher Schlüssel (in der Datei): ${proof.publicKey}`);
  console.log(
    chainChecked > 0
      ? `Kette geprüft: ${chainChecked} ${chainChecked === 1 ? 'Nachweis' : 'Nachweise'}, ohne Unterbrechung.`
      : 'Kette nicht geprüft (keine snapshots.json angegeben); vergleichen Sie den Schlüssel mit dem veröffentlichten.',
  );
}

main(process.argv.slice(2));
