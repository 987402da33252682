import { useState } from 'react';
import { reportSuccess } from '../../../components/feedback/success-notice';
import { countLabel } from '../../../domain/plural';
import {
  linkingOwnerName,
  linkingSearchText,
  linkingSortValue,
  trancheChoices,
  trancheLabel,
  trancheOccupancy,
  trancheOfChoice,
} from '../model/tranche-linking';
import {
  type SortimentDepotPosition,
  type SortimentTranche,
  useDepotPositionsForOffer,
  useLinkDepotPosition,
} from './backoffice-sortiment';

interface PendingLink {
  position: SortimentDepotPosition;
  partialOfferId: number | null;
}

/**
 * The linking of an offer's tranches to its depot positions as the modal shows it: the positions,
 * each tranche's occupancy, the choices, and a tranche chosen for a position waiting for its
 * confirmation; saving tells its success, a failure is notified by the query client.
 */
export function useTrancheLinking(offerId: number, tranches: readonly SortimentTranche[]) {
  const positions = useDepotPositionsForOffer(offerId, true);
  const link = useLinkDepotPosition();
  const [pending, setPending] = useState<PendingLink | null>(null);
  const choices = trancheChoices(tranches);

  const confirm = async () => {
    if (!pending) return;
    await reportSuccess(
      link.mutateAsync({ depotPositionId: pending.position.id, poId: pending.partialOfferId }),
      'Die Depotposition wurde zugeordnet.',
    );
    setPending(null);
  };

  return {
    positions,
    choices,
    occupancy: positions.data ? trancheOccupancy(tranches, positions.data) : [],
    searchText: (position: SortimentDepotPosition) => linkingSearchText(position, choices),
    sortValue: (position: SortimentDepotPosition, accessor: string) =>
      linkingSortValue(position, accessor, choices),
    /** A tranche chosen in a position's select: asked for confirmation first. */
    choose: (position: SortimentDepotPosition, value: string | null) => {
      if (value) setPending({ position, partialOfferId: trancheOfChoice(value) });
    },
    /** The question of the confirmation, empty while none is asked. */
    question: pending
      ? `Depotposition ${pending.position.id} (${linkingOwnerName(pending.position)}, ${countLabel(pending.position.amount, 'Kiste')}) → ${trancheLabel(choices, pending.partialOfferId)}`
      : '',
    confirming: pending !== null,
    saving: link.isPending,
    confirm,
    cancel: () => setPending(null),
  };
}

export type TrancheLinkingView = ReturnType<typeof useTrancheLinking>;
