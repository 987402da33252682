import { assignedCases, linkingStatus } from '../../../domain/backoffice-tranches';

/** The choice "Keine Tranche" of a position's select. */
export const NO_TRANCHE = 'none';

interface NamedTranche {
  id: number;
  totalQuantityAvailable: number;
  offerer?: { company: string } | null;
}

/** A client's depot position of the offer, as the linking lists it. */
export interface LinkingPosition {
  id: number;
  amount: number;
  storageId: string | null;
  partialOfferId: number | null;
  ownerFirstName: string;
  ownerLastName: string;
  ownerEmail: string;
  ownerIsStaff: boolean;
}

export function trancheName(tranche: Pick<NamedTranche, 'id' | 'offerer'>): string {
  return `Tranche ${tranche.id}${tranche.offerer ? ` · ${tranche.offerer.company}` : ''}`;
}

/** The position's owner by name, else by e-mail address. */
export function linkingOwnerName(position: LinkingPosition): string {
  return `${position.ownerFirstName} ${position.ownerLastName}`.trim() || position.ownerEmail;
}

/** The choices of a position's tranche: none, then each tranche of the offer. */
export function trancheChoices(tranches: readonly Pick<NamedTranche, 'id' | 'offerer'>[]) {
  return [
    { value: NO_TRANCHE, label: 'Keine Tranche' },
    ...tranches.map((tranche) => ({ value: String(tranche.id), label: trancheName(tranche) })),
  ];
}

export type TrancheChoice = ReturnType<typeof trancheChoices>[number];

/** The select's value of a tranche id (or none). */
export const trancheChoiceValue = (partialOfferId: number | null) =>
  partialOfferId === null ? NO_TRANCHE : String(partialOfferId);

/** The tranche id a select's value stands for. */
export const trancheOfChoice = (value: string) => (value === NO_TRANCHE ? null : Number(value));

/** How the positions name a tranche: its choice's label, else its id (a tranche since deleted). */
export function trancheLabel(choices: readonly TrancheChoice[], partialOfferId: number | null): string {
  return (
    choices.find((choice) => choice.value === trancheChoiceValue(partialOfferId))?.label ??
    `Tranche ${partialOfferId}`
  );
}

/** Each tranche with the cases assigned to it against its total (staff positions not counted). */
export function trancheOccupancy(tranches: readonly NamedTranche[], positions: readonly LinkingPosition[]) {
  return tranches.map((tranche) => ({
    id: tranche.id,
    name: trancheName(tranche),
    status: linkingStatus(assignedCases(positions, tranche.id), tranche.totalQuantityAvailable),
  }));
}

/** What the positions table searches: id, owner, e-mail, case numbers and tranche. */
export function linkingSearchText(position: LinkingPosition, choices: readonly TrancheChoice[]): string {
  return [
    position.id,
    linkingOwnerName(position),
    position.ownerEmail,
    position.storageId ?? '',
    trancheLabel(choices, position.partialOfferId),
  ].join(' ');
}

/** The owner sorts by name, the tranche by its label, the others as they are. */
export function linkingSortValue(
  position: LinkingPosition,
  accessor: string,
  choices: readonly TrancheChoice[],
): unknown {
  if (accessor === 'owner') return linkingOwnerName(position);
  if (accessor === 'partialOfferId') return trancheLabel(choices, position.partialOfferId);
  return (position as unknown as Record<string, unknown>)[accessor];
}
