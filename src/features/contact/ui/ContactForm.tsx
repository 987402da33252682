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
import dayjs from 'dayjs';
// The German month and day names of the date picker (DatesProvider in AppProviders sets locale 'de').
import 'dayjs/locale/de';
import { NameFields } from '../../../components/NameFields';
import { CONTACT_MESSAGES, CONTACT_TEXTS } from '../../../domain/contact-form';
import { SALUTATIONS } from '../../../domain/entry-constants';
import { type ContactFormState, useContactForm } from './use-contact-form';

export interface ContactFormProps {
  uid?: string;
  /** The message the form starts with (e.g. the wine of an offer "auf Anfrage"). */
  initialMessage?: string;
  /** Called once the thank-you text has been shown for 2.5 seconds. */
  onDone: () => void;
}

/** Message, salutation, names, privacy consent, callback with phone and a 24-hour date-time picker. */
export function ContactForm({ uid, initialMessage = '', onDone }: ContactFormProps) {
  const contact = useContactForm({ uid, initialMessage, onDone });
  const { form, set } = contact;
  const { values } = form;

  if (contact.sent) {
    return (
      <Text size="lg" py="xl" ta="center" role="status" data-testid="contact-thanks">
        {CONTACT_TEXTS.thanks}
      </Text>
    );
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        contact.submit();
      }}
    >
      <Stack gap="sm">
        <Textarea
          label="Ihre Nachricht"
          withAsterisk
          autosize
          minRows={3}
          value={values.message}
          error={form.errors.message}
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
          errors={form.errors}
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
        {values.callback && <CallbackFields contact={contact} />}
        {contact.serverError && (
          <Alert color="red" role="alert">
            {contact.serverError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" disabled={!contact.canSend} loading={contact.sending}>
            {CONTACT_TEXTS.send}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The phone to call back and a 24-hour date-time picker for the wished time (not in the past). */
function CallbackFields({ contact }: { contact: ContactFormState }) {
  const { form, errors, set, now } = contact;
  const { values } = form;
  return (
    <Group grow align="flex-start" wrap="wrap">
      <TextInput
        label="Telefon"
        withAsterisk
        type="tel"
        autoComplete="tel"
        miw={200}
        value={values.phone}
        error={
          form.errors.phone ?? (values.phone.trim() && errors.phone ? CONTACT_MESSAGES.phone : undefined)
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
        error={form.errors.callbackAt ?? errors.callbackAt}
        onChange={(value) => set('callbackAt', value ? dayjs(value).toDate() : null)}
      />
    </Group>
  );
}
