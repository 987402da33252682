import { useForm } from '@mantine/form';
import { useState } from 'react';
import { MutationRefused } from '../../../api/mutation-refused';
import { showSuccessNotice } from '../../../components/feedback/success-notice';
import { applyRefusalToShown } from '../../../components/forms/apply-refusal';
import { useOnline } from '../../../components/offline/use-online';
import { marketValueBasis } from '../../../domain/market-value';
import { centsToDecimal } from '../../../domain/money';
import { countLabel } from '../../../domain/plural';
import {
  askPriceProblem,
  parsePriceInput,
  priceDeviation,
  priceDeviationText,
  sellCasesProblem,
  sellProceeds,
  sellTexts,
} from '../../../domain/secondary-market';
import { centsToInput, useCreateSellOrder } from '../../secondary-market';
import type { DepotRow } from '../model/depot-rows';

/** The depot position a sale is offered from: how many cases it holds, of how many bottles. */
export interface SellablePosition {
  id: number;
  amount: number;
  caskOf: number;
}

export interface SellFormValues {
  cases: number;
  /** The asking price per bottle as typed (German decimal input). */
  price: string;
  /** The tick on the warning that the price is far from the market value. */
  confirmed: boolean;
}

const NOT_CREATED = 'Der Verkaufsauftrag konnte nicht angelegt werden.';
/** The server's names of the inputs the dialog shows, and the form's where they differ. */
const SHOWN_FIELDS = ['cases', 'askPriceBtl'];
const FORM_FIELDS = { askPriceBtl: 'price' };

/**
 * The sell dialog's form and what it decides: the two steps, the rules of cases and price (the
 * server's), the expected proceeds, the distance to the market value (named once the price field
 * was left) and the sending. A refusal for cases or price goes under its field, back in step 1.
 */
export function useSellForm(row: DepotRow, position: SellablePosition, onClose: () => void) {
  const online = useOnline();
  const create = useCreateSellOrder();
  const rules = {
    cases: (cases: number) => sellCasesProblem(cases, position.amount),
    price: (price: string) => askPriceProblem(parsePriceInput(price)),
  };
  const form = useForm<SellFormValues>({
    initialValues: {
      cases: position.amount,
      price: centsToInput(row.valuation.marketValueBtl ?? row.valuation.buyPriceBtl),
      confirmed: false,
    },
    validate: rules,
  });
  const { values } = form;
  const [step, setStep] = useState<'edit' | 'summary'>('edit');
  // The distance to the market value is named once the price field is left (not while typing).
  const [priceLeft, setPriceLeft] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const priceCents = parsePriceInput(values.price);
  const valid = form.isValid();
  const casesValid = rules.cases(values.cases) === null;
  const proceeds =
    priceCents !== null && casesValid ? sellProceeds(values.cases, position.caskOf, priceCents) : null;
  const basis =
    row.valuationSource && row.valuationDate
      ? marketValueBasis(row.valuationSource, row.valuationDate)
      : null;
  const deviation =
    priceCents !== null && basis ? priceDeviation(priceCents, row.valuation.marketValueBtl) : null;
  const deviationText = deviation && basis ? priceDeviationText(deviation, basis) : null;
  const canContinue = online && valid && (deviation === null || values.confirmed);

  const toSummary = () => {
    setPriceLeft(true);
    if (!canContinue) return;
    setServerError(null);
    setStep('summary');
  };

  const send = async () => {
    if (!canContinue || priceCents === null) return;
    setServerError(null);
    try {
      const result = await create.mutateAsync({
        depotPositionId: position.id,
        cases: values.cases,
        askPriceBtl: centsToDecimal(priceCents),
        confirmDeviation: deviation !== null && values.confirmed,
      });
      if (!result.success) {
        const [first] = result.errors;
        if (!first) return setServerError(NOT_CREATED);
        const others = applyRefusalToShown(
          form,
          MutationRefused.of(result.errors),
          SHOWN_FIELDS,
          FORM_FIELDS,
        );
        // The valuation may have changed since the dialog opened: back to the price, unticked.
        if (first.code === 'PRICE_DEVIATION') form.setFieldValue('confirmed', false);
        if (others.length < result.errors.length) setStep('edit');
        if (others[0]) setServerError(others[0].message);
        return;
      }
      showSuccessNotice(
        `Ihr Verkaufsauftrag über ${countLabel(values.cases, 'Kiste')} ist eingegangen. Wir prüfen ihn und melden uns.`,
      );
      onClose();
    } catch {
      setServerError(online ? NOT_CREATED : sellTexts.needsConnection);
    }
  };

  return {
    form,
    step,
    online,
    /** The rule each field breaks (shown at once), or the server's reason for it. */
    errors: {
      cases: form.errors.cases ?? rules.cases(values.cases),
      price: form.errors.price ?? rules.price(values.price),
    },
    priceCents,
    casesValid,
    proceeds,
    basis,
    deviationText,
    priceLeft,
    valid,
    canContinue,
    serverError,
    sending: create.isPending,
    changeCases: (value: number | string) =>
      form.setFieldValue('cases', typeof value === 'number' ? value : Number(value) || 0),
    /** A new price is checked against the market value again when the field is left. */
    changePrice: (value: string) => {
      form.setFieldValue('price', value);
      form.setFieldValue('confirmed', false);
      setPriceLeft(false);
    },
    leavePrice: () => setPriceLeft(true),
    back: () => setStep('edit'),
    /** The form's submit: on to the summary, or send from there. */
    submit: () => (step === 'edit' ? toSummary() : void send()),
  };
}

export type SellForm = ReturnType<typeof useSellForm>;
