import { Group, NativeSelect, Radio, SimpleGrid, TextInput } from '@mantine/core';
import { SALUTATIONS, TITLES } from '../../../domain/entry-constants';
import { REQUIRED_FIELD_PROPS } from './required-field';
import type { RegistrationFormState } from './use-registration-form';

/** Salutation, title, names, company and phone. */
export function RegisterPersonFields({ state }: { state: RegistrationFormState }) {
  const { form, update, touch, visibleError } = state;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Radio.Group label="Anrede" value={form.salutation} onChange={(value) => update('salutation', value)}>
        <Group gap="lg" mt={8}>
          {SALUTATIONS.map((salutation) => (
            <Radio key={salutation} value={salutation} label={salutation} />
          ))}
        </Group>
      </Radio.Group>
      <NativeSelect
        label="Titel"
        data={[...TITLES]}
        value={form.title}
        onChange={(event) => update('title', event.currentTarget.value)}
      />
      <TextInput
        label="Vorname"
        autoComplete="given-name"
        {...REQUIRED_FIELD_PROPS}
        value={form.firstName}
        onChange={(event) => update('firstName', event.currentTarget.value)}
        onBlur={() => touch('firstName')}
        error={visibleError('firstName')}
      />
      <TextInput
        label="Nachname"
        autoComplete="family-name"
        {...REQUIRED_FIELD_PROPS}
        value={form.lastName}
        onChange={(event) => update('lastName', event.currentTarget.value)}
        onBlur={() => touch('lastName')}
        error={visibleError('lastName')}
      />
      <TextInput
        label="Firma"
        autoComplete="organization"
        value={form.company}
        onChange={(event) => update('company', event.currentTarget.value)}
      />
      <TextInput
        label="Telefon"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        value={form.phone}
        onChange={(event) => update('phone', event.currentTarget.value)}
        error={visibleError('phone')}
      />
    </SimpleGrid>
  );
}
