/**
 * Every way a holdings proof, a tree or a chain of snapshots can fail, each with its own German
 * message, so a client (or an auditor) reads what is wrong and where, not only that something is.
 */
import { formatDate } from '../dates';
import { countLabel } from '../plural';

export type ProofFailureCode =
  | 'malformed'
  | 'holdings-malformed'
  | 'commitment-mismatch'
  | 'leaf-hash-mismatch'
  | 'negative-sum'
  | 'sum-overflow'
  | 'side-invalid'
  | 'side-swapped'
  | 'path-sum-mismatch'
  | 'root-mismatch'
  | 'snapshot-hash-mismatch'
  | 'signature-invalid'
  | 'key-mismatch'
  | 'snapshot-not-published'
  | 'chain-broken'
  | 'duplicate-commitment'
  | 'leaf-order'
  | 'leaf-missing'
  | 'node-sum-mismatch'
  | 'node-hash-mismatch';

export interface ProofFailure {
  code: ProofFailureCode;
  message: string;
}

export const failure = (code: ProofFailureCode, message: string): ProofFailure => ({ code, message });

/** "Ebene 3" counted from the leaf (level 1 = the leaf's sibling). */
const level = (index: number) => `Ebene ${index + 1}`;

export const failures = {
  malformed: (what: string) =>
    failure('malformed', `Die Nachweisdatei ist unvollständig oder fehlerhaft: ${what}.`),
  holdingsMalformed: (what: string) =>
    failure('holdings-malformed', `Die Bestandsliste des Nachweises ist fehlerhaft: ${what}.`),
  commitmentMismatch: () =>
    failure(
      'commitment-mismatch',
      'Die Zusage (Commitment) passt nicht zu Kundennummer und Zufallswert: Der Eintrag gehört nicht zu diesem Konto.',
    ),
  leafHashMismatch: () =>
    failure(
      'leaf-hash-mismatch',
      'Der Blatt-Hash passt nicht zu den aufgeführten Beständen: Die Bestände wurden nach dem Nachweis verändert.',
    ),
  negativeSum: (where: string) =>
    failure(
      'negative-sum',
      `${where} nennt eine negative oder gebrochene Kistenzahl; Summen sind nie negativ.`,
    ),
  sumOverflow: (where: string) =>
    failure(
      'sum-overflow',
      `${where} nennt eine Kistenzahl jenseits des zulässigen Bereichs (höchstens 2^53 − 1).`,
    ),
  sideInvalid: (index: number) =>
    failure('side-invalid', `Der Pfad nennt auf ${level(index)} keine gültige Seite (LEFT oder RIGHT).`),
  sideSwapped: (index: number) =>
    failure(
      'side-swapped',
      `Auf ${level(index)} des Pfads steht der Nachbarknoten auf der falschen Seite: Der Pfad wurde verändert.`,
    ),
  pathSumMismatch: (pathSum: number, totalCases: number) =>
    failure(
      'path-sum-mismatch',
      `Die Summen des Pfads ergeben ${countLabel(pathSum, 'Kiste')}, der Nachweis nennt ${countLabel(totalCases, 'Kiste')}: Eine Summe wurde verändert.`,
    ),
  rootMismatch: () =>
    failure(
      'root-mismatch',
      'Der Pfad führt nicht zur veröffentlichten Wurzel: Ein Hash im Pfad oder im Baum wurde verändert.',
    ),
  snapshotHashMismatch: (date: string) =>
    failure(
      'snapshot-hash-mismatch',
      `Der Nachweis vom ${formatDate(date)} wurde nach seiner Veröffentlichung verändert: Sein Hash stimmt nicht.`,
    ),
  signatureInvalid: (date: string) =>
    failure(
      'signature-invalid',
      `Die Signatur des Nachweises vom ${formatDate(date)} ist ungültig: Er stammt nicht mit diesem Schlüssel vom Depot.`,
    ),
  keyMismatch: () =>
    failure('key-mismatch', 'Die Datei nennt einen anderen öffentlichen Schlüssel als den veröffentlichten.'),
  snapshotNotPublished: (date: string) =>
    failure(
      'snapshot-not-published',
      `Der Nachweis vom ${formatDate(date)} ist nicht unter den veröffentlichten Nachweisen.`,
    ),
  chainBroken: (date: string, previousDate: string) =>
    failure(
      'chain-broken',
      `Die Kette ist unterbrochen: Der Nachweis vom ${formatDate(date)} nennt nicht den vom ${formatDate(previousDate)} als Vorgänger.`,
    ),
  duplicateCommitment: (commitment: string) =>
    failure('duplicate-commitment', `Die Zusage ${commitment.slice(0, 16)}… steht zweimal im Baum.`),
  leafOrder: (index: number) =>
    failure('leaf-order', `Die Blätter sind nicht nach ihrer Zusage geordnet (Blatt ${index + 1}).`),
  leafMissing: (leaves: number, leafCount: number) =>
    failure(
      'leaf-missing',
      `Der Baum hat ${countLabel(leaves, 'Blatt')}, der Nachweis nennt ${leafCount}: Ein Blatt wurde weggelassen oder hinzugefügt.`,
    ),
  nodeSumMismatch: (levelIndex: number, nodeIndex: number) =>
    failure(
      'node-sum-mismatch',
      `Die Summe des Knotens ${nodeIndex + 1} auf Ebene ${levelIndex} ist nicht die Summe seiner Kinder.`,
    ),
  nodeHashMismatch: (levelIndex: number, nodeIndex: number) =>
    failure(
      'node-hash-mismatch',
      `Der Hash des Knotens ${nodeIndex + 1} auf Ebene ${levelIndex} stimmt nicht.`,
    ),
} as const;
