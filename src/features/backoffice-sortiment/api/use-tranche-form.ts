import { useForm } from '@mantine/form';
import { reportSuccess } from '../../../components/feedback/success-notice';
import { applyRefusal } from '../../../components/forms/apply-refusal';
import { caseNumberCounter, formatCaseNumbers, parseCaseNumbers } from '../../../domain/backoffice-tranches';
import { priceInputDecimal } from '../../../domain/backoffice-validation';
import { decimalToEuroInput } from '../../../domain/money';
import { type TrancheValues, trancheComplete, trancheProblems } from '../model/backoffice-forms';
import { type SortimentTranche, useSaveTranche, useSortimentLookups } from './backoffice-sortiment';

function initialForm(tranche: SortimentTranche | null): TrancheValues {
  return {
    offererId: tranche?.offerer ? String(tranche.offerer.id) : null,
    buyPriceBtl: decimalToEuroInput(tranche?.buyPriceBtl),
    amount: tranche ? String(tranche.quantityAvailable) : '',
    totalQuantityAvailable: tranche ? String(tranche.totalQuantityAvailable) : '',
    quantityOnInvoice: tranche ? String(tranche.quantityOnInvoice ?? 0) : '0',
    proformaInvoiceNumberSourcing: tranche?.proformaInvoiceNumberSourcing ?? '',
    invoiceNumberSourcing: tranche?.invoiceNumberSourcing ?? '',
    lxTrade: tranche?.livexTrade ?? '',
    mrn: tranche?.mrn ?? '',
    paid: tranche?.paid ?? false,
    storageIds: tranche?.storageIds ?? '',
    storageLocation: tranche?.storageLocation ?? '',
  };
}

/**
 * The form of createOrUpdatePartialOffer as the tranche modal shows it: its values and problems,
 * the case-number counter against the total cases (the remaining cases when no total is entered),
 * whether it may be saved, and `submit`, which saves the expanded case numbers, tells its success
 * and closes, or puts a refusal on its field.
 */
export function useTrancheForm(offerId: number, tranche: SortimentTranche | null, onSaved: () => void) {
  const form = useForm<TrancheValues>({
    initialValues: initialForm(tranche),
    // The missing remaining cases are said at once; every field is checked as it is typed.
    initialErrors: trancheProblems(initialForm(tranche)),
    validateInputOnChange: true,
    validate: trancheProblems,
  });
  const { values } = form;
  const lookups = useSortimentLookups(true);
  const saveTranche = useSaveTranche();

  const isNew = tranche === null;
  const total = values.totalQuantityAvailable.trim() === '' ? values.amount : values.totalQuantityAvailable;
  const caseNumbers = parseCaseNumbers(values.storageIds);
  const counter = caseNumberCounter(caseNumbers.caseNumbers.length, Number(total) || 0);
  const canSave = Object.keys(trancheProblems(values)).length === 0 && trancheComplete(values, isNew);

  const submit = async () => {
    const saving = saveTranche.mutateAsync({
      ...(tranche === null ? { offerId } : { partialOfferId: tranche.id }),
      offererId: values.offererId === null ? null : Number(values.offererId),
      buyPriceBtl: priceInputDecimal(values.buyPriceBtl),
      amount: values.amount.trim(),
      totalQuantityAvailable: total.trim(),
      quantityOnInvoice: values.quantityOnInvoice.trim() || null,
      proformaInvoiceNumberSourcing: values.proformaInvoiceNumberSourcing,
      invoiceNumberSourcing: values.invoiceNumberSourcing,
      lxTrade: values.lxTrade,
      mrn: values.mrn,
      paid: values.paid,
      storageIds: formatCaseNumbers(caseNumbers.caseNumbers),
      storageLocation: values.storageLocation,
    });
    saving.catch((error: unknown) => applyRefusal(form, error));
    const savedText = isNew
      ? 'Die Einkaufstranche wurde angelegt.'
      : 'Die Einkaufstranche wurde gespeichert.';
    if (await reportSuccess(saving, savedText)) onSaved();
  };

  return { form, lookups, isNew, counter, canSave, saving: saveTranche.isPending, submit };
}
