import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { showSuccessNotice } from '../../../components/feedback/success-notice';
import { applyRefusal } from '../../../components/forms/apply-refusal';
import {
  type AssetDraft,
  type AssetDraftCheck,
  checkAssetDraft,
  draftOf,
  todayInBusinessZone,
} from '../../../domain/backoffice-stock';
import { type AssetUnderManagement, useUpdateAssetUnderManagement } from '../api/backoffice-stock';

/** Server field of a refusal → the edit form's field. */
const DRAFT_FIELDS: Record<string, keyof AssetDraft> = {
  newMrn: 'mrn',
  newMrnDate: 'mrnDate',
  newStorageIds: 'storageIds',
};

/**
 * The row edit of Lagerbestand: which position is edited, its form (MRN, MRN date, case numbers),
 * and the confirmation of the changes before they are saved. A refusal of the server lands under
 * its field; the notification comes from the query client.
 */
export function useAssetEditing() {
  const [asset, setAsset] = useState<AssetUnderManagement | null>(null);
  const [confirming, setConfirming] = useState<AssetDraftCheck | null>(null);
  const form = useForm<AssetDraft>({ initialValues: { mrn: '', mrnDate: '', storageIds: '' } });
  const update = useUpdateAssetUnderManagement();

  const start = (next: AssetUnderManagement) => {
    form.setValues(draftOf(next));
    form.clearErrors();
    setAsset(next);
  };

  const cancel = () => setAsset(null);

  const requestSave = () => {
    if (!asset) return;
    const check = checkAssetDraft(asset, form.getValues(), todayInBusinessZone());
    if (Object.keys(check.errors).length > 0) {
      form.setErrors(check.errors);
    } else if (check.changes.length === 0) {
      notifications.show({ message: 'Keine Änderungen.', color: 'gray' });
      setAsset(null);
    } else {
      setConfirming(check);
    }
  };

  /** A cancelled confirmation aborts the edit: the row shows the stored values again. */
  const abort = () => {
    setConfirming(null);
    setAsset(null);
  };

  const save = () => {
    if (!asset || !confirming) return;
    update.mutate(
      { depotPositionId: asset.id, ...confirming.variables },
      {
        onSuccess: () => {
          setConfirming(null);
          showSuccessNotice(`Position ${asset.id} wurde gespeichert.`);
          setAsset(null);
        },
        onError: (error) => {
          setConfirming(null);
          applyRefusal(form, error, DRAFT_FIELDS);
        },
      },
    );
  };

  return {
    /** The position in edit, or null. */
    asset,
    form,
    /** The changes awaiting confirmation, or null. */
    changes: confirming?.changes ?? null,
    saving: update.isPending,
    isEditing: (candidate: AssetUnderManagement) => asset?.id === candidate.id,
    start,
    cancel,
    requestSave,
    abort,
    save,
  };
}

export type AssetEditing = ReturnType<typeof useAssetEditing>;
