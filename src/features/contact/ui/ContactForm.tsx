import {
  Alert,
  Button,
  Checkbox,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useInterval } from '@mantine/hooks';
import dayjs from 'dayjs';
// The German month and day names of the date picker (DatesProvider in AppProviders sets locale 'de').
import 'dayjs/locale/de';
import { useEffect, useState } from 'react';
import { MutationRefused } from '../../../api/mutation-refused';
import { applyRefusal } from '../../../components/forms/apply-refusal';
import { NameFields } from '../../../components/NameFields';
import {
  CONTACT_MESSAGES,
  CONTACT_TEXTS,
  CONTACT_THANKS_CLOSE_MS,
  type ContactFormValues,
  canSendContactForm,
  contactFormErrors,
} from '../../../domain/contact-form';
import { SALUTATIONS } from '../../../domain/entry-constants';
import { GENERIC_ERROR } from '../../../domain/error-texts';
import { useAccountMe, useSendContactRequest } from '../../account';

export interface ContactFormProps {
  uid?: string;
  /** The message the form starts with (e.g. the wine of an offer "auf Anfrage"). */
  initialMessage?: string;
  /** Called once the thank-you text has been shown for 2.5 seconds. */
  onDone: () => void;
}

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

/** Message, salutation, names, privacy consent, callback with phone and a 24-hour date-time picker. */
export function ContactForm({ uid, initialMessage = '', onDone }: ContactFormProps) {
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

  if (sent) {
    return (
      <Text size="lg" py="xl" ta="center" role="status" data-testid="contact-thanks">
        {CONTACT_TEXTS.thanks}
      </Text>
    );
  }

  // Setting a field clears a reason the server gave for it (Mantine's clearInputErrorOnChange).
  const set = <Field extends keyof ContactFormValues>(field: Field, value: ContactFormValues[Field]) =>
    form.setFieldValue(field, value as never);
  // The rules are checked as the client types (the button stays off until they hold); a reason
  // the server gave for a field shows under it until the field is changed.
  const errors = contactFormErrors(values, now);
  const serverErrors = form.errors;
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

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (canSend) void submit();
      }}
    >
      <Stack gap="sm">
        <Textarea
          label="Ihre Nachricht"
          withAsterisk
          autosize
          minRows={3}
          value={values.message}
          error={serverErrors.message}
          onChange={(event) => set('message', event.currentTarget.value)}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="contact-salutation-label">
            Anrede <span aria-hidden="true">*</span>
          </Text>
          <SegmentedControl
            aria-labelledby="contact-salutation-label"
            data={SALUTATIONS.map((salutation) => ({ label: salutation, value: salutation }))}
            value={values.salutation}
            onChange={(value) => set('salutation', value)}
            w="fit-content"
          />
        </Stack>
        <NameFields
          firstName={values.firstName}
          lastName={values.lastName}
          errors={serverErrors}
          onChange={set}
        />
        <Checkbox
          label={CONTACT_TEXTS.privacy}
          checked={values.privacyAccepted}
          onChange={(event) => set('privacyAccepted', event.currentTarget.checked)}
        />
        <Checkbox
          label={CONTACT_TEXTS.callback}
          checked={values.callback}
          onChange={(event) => set('callback', event.currentTarget.checked)}
        />
        {values.callback && (
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label="Telefon"
              withAsterisk
              type="tel"
              autoComplete="tel"
              miw={200}
              value={values.phone}
              error={
                serverErrors.phone ??
                (values.phone.trim() && errors.phone ? CONTACT_MESSAGES.phone : undefined)
              }
              onChange={(event) => set('phone', event.currentTarget.value)}
            />
            <DateTimePicker
              label="Wunschtermin für den Rückruf"
              placeholder="Datum und Uhrzeit wählen"
              miw={200}
              clearable
              valueFormat="DD.MM.YYYY HH:mm"
              minDate={now}
              defaultTimeValue="10:00"
              timePickerProps={{ format: '24h' }}
              submitButtonProps={{ 'aria-label': 'Termin übernehmen' }}
              value={values.callbackAt ? dayjs(values.callbackAt).format('YYYY-MM-DD HH:mm:ss') : null}
              error={serverErrors.callbackAt ?? errors.callbackAt}
              onChange={(value) => set('callbackAt', value ? dayjs(value).toDate() : null)}
            />
          </Group>
        )}
        {serverError && (
          <Alert color="red" role="alert">
            {serverError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" disabled={!canSend} loading={send.isPending}>
            {CONTACT_TEXTS.send}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
