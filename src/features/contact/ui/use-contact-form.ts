import { useForm } from '@mantine/form';
import { useInterval } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { MutationRefused } from '../../../api/mutation-refused';
import { applyRefusal } from '../../../components/forms/apply-refusal';
import {
  CONTACT_THANKS_CLOSE_MS,
  type ContactFormValues,
  canSendContactForm,
  contactFormErrors,
} from '../../../domain/contact-form';
import { SALUTATIONS } from '../../../domain/entry-constants';
import { GENERIC_ERROR } from '../../../domain/error-texts';
import { useAccountMe, useSendContactRequest } from '../../account';

const emptyForm: ContactFormValues = {
  message: '',
  salutation: '',
  firstName: '',
  lastName: '',
  privacyAccepted: false,
  callback: false,
  phone: '',
  callbackAt: null,
};

/**
 * The contact form and what it decides: prefilled from the signed-in client's account, the rules
 * checked as the client types against a clock that follows the time while the form is open, the
 * sending (a reason for a field under it, the others in `serverError`) and, once sent, `onDone`
 * after the thank-you text has been shown for `CONTACT_THANKS_CLOSE_MS`.
 */
export function useContactForm({
  uid,
  initialMessage,
  onDone,
}: {
  uid?: string;
  initialMessage: string;
  onDone: () => void;
}) {
  const signedIn = uid === undefined;
  const account = useAccountMe();
  const send = useSendContactRequest();
  const form = useForm<ContactFormValues>({ initialValues: { ...emptyForm, message: initialMessage } });
  const { values } = form;
  const [prefilled, setPrefilled] = useState(false);
  const [sent, setSent] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [now, setNow] = useState(() => new Date());
  // The past-time rule follows the clock while the form is open.
  const clock = useInterval(() => setNow(new Date()), 30_000);
  useEffect(() => {
    clock.start();
    return clock.stop;
  }, [clock.start, clock.stop]);

  const me = signedIn ? account.data : null;
  useEffect(() => {
    if (!me || prefilled) return;
    setPrefilled(true);
    form.setValues((current) => ({
      ...current,
      salutation:
        current.salutation ||
        (me.salutation && SALUTATIONS.includes(me.salutation as 'Herr') ? me.salutation : ''),
      firstName: current.firstName || me.firstName,
      lastName: current.lastName || me.lastName,
      phone: current.phone || (me.phone ?? ''),
    }));
  }, [me, prefilled, form.setValues]);

  useEffect(() => {
    if (!sent) return;
    const timer = window.setTimeout(onDone, CONTACT_THANKS_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [sent, onDone]);

  const canSend = canSendContactForm(values, now);

  const submit = async () => {
    setServerError(null);
    try {
      await send.mutateAsync({
        salutation: values.salutation,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        message: values.message.trim(),
        privacyAccepted: values.privacyAccepted,
        callback: values.callback,
        phone: values.callback ? values.phone.trim() : null,
        callbackAt: values.callback && values.callbackAt ? values.callbackAt.toISOString() : null,
        uid: uid ?? null,
      });
      setSent(true);
    } catch (error) {
      // Reasons for a field go under it; the others (and network errors) above the button.
      if (!applyRefusal(form, error)) {
        setServerError(error instanceof MutationRefused ? error.message : GENERIC_ERROR);
      }
    }
  };

  return {
    form,
    now,
    sent,
    /**
     * The rules, checked as the client types (the button stays off until they hold); a reason
     * the server gave for a field is `form.errors`, shown under it until the field is changed.
     */
    errors: contactFormErrors(values, now),
    canSend,
    serverError,
    sending: send.isPending,
    /** Sets a field; it clears a reason the server gave for it (Mantine's clearInputErrorOnChange). */
    set: <Field extends keyof ContactFormValues>(field: Field, value: ContactFormValues[Field]) =>
      form.setFieldValue(field, value as never),
    submit: () => {
      if (canSend) void submit();
    },
  };
}

export type ContactFormState = ReturnType<typeof useContactForm>;
