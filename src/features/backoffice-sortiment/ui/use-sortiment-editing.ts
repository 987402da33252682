import { useCallback, useState } from 'react';
import type { ChangeOfferAndPartialOfferMutationVariables } from '../../../api/graphql.generated';
import { reportSuccess } from '../../../components/feedback/success-notice';
import { type SortimentTranche, useChangeOfferAndPartialOffer } from '../api/backoffice-sortiment';
import type { OfferRow } from './offer-rows';

export type SortimentDialog =
  | { kind: 'newOffer' }
  | { kind: 'tranche'; row: OfferRow; tranche: SortimentTranche | null }
  | { kind: 'deleteTranche'; row: OfferRow; tranche: SortimentTranche }
  | { kind: 'linking'; row: OfferRow }
  | { kind: 'flag'; row: OfferRow; flag: 'promoteOffer' | 'archived'; value: boolean }
  | null;

/**
 * The edit state of "Sortiment (Neu)": the expanded offers, the open dialog (a form, or the
 * confirmation of a status switch) and the save of an inline change with its saved text.
 */
export function useSortimentEditing() {
  const [expanded, setExpanded] = useState<number[]>([]);
  const [dialog, setDialog] = useState<SortimentDialog>(null);
  const change = useChangeOfferAndPartialOffer();

  const save = useCallback(
    (variables: ChangeOfferAndPartialOfferMutationVariables, savedText: string) =>
      reportSuccess(change.mutateAsync(variables), savedText),
    [change.mutateAsync],
  );

  const toggle = (offerId: number) =>
    setExpanded((ids) => (ids.includes(offerId) ? ids.filter((id) => id !== offerId) : [...ids, offerId]));

  const confirmFlag = async () => {
    if (dialog?.kind !== 'flag') return;
    const { row, flag, value } = dialog;
    await save({ offerId: row.id, [flag]: value }, `${row.wine}: gespeichert.`);
    setDialog(null);
  };

  return {
    expanded,
    setExpanded,
    toggle,
    dialog,
    openDialog: setDialog,
    closeDialog: () => setDialog(null),
    save,
    saving: change.isPending,
    confirmFlag,
  };
}

export type SortimentEditing = ReturnType<typeof useSortimentEditing>;
