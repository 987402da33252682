import { ConfirmDialog } from '../../../components/backoffice/ConfirmDialog';
import { reportSuccess } from '../../../components/feedback/success-notice';
import { countLabel } from '../../../domain/plural';
import { type SortimentTranche, useDeleteTranche } from '../api/backoffice-sortiment';
import { trancheName } from '../model/tranche-linking';

/** Deletes a purchase tranche after confirmation (the server refuses tranches on invoices or depot positions). */
export function DeleteTrancheModal({
  tranche,
  offerTitle,
  onClose,
}: {
  tranche: SortimentTranche;
  offerTitle: string;
  onClose: () => void;
}) {
  const remove = useDeleteTranche();
  const confirm = async () => {
    await reportSuccess(remove.mutateAsync(tranche.id), 'Die Einkaufstranche wurde gelöscht.');
    onClose();
  };
  return (
    <ConfirmDialog
      opened
      title="Einkaufstranche löschen?"
      confirmLabel="Löschen"
      confirmColor="red"
      loading={remove.isPending}
      onCancel={onClose}
      onConfirm={() => void confirm()}
    >
      {`${trancheName(tranche)} von ${offerTitle} (${countLabel(tranche.totalQuantityAvailable, 'Kiste')}) wird gelöscht.`}
    </ConfirmDialog>
  );
}
