import { Group, NativeSelect, Radio, SimpleGrid, TextInput } from '@mantine/core';
import { SALUTATIONS, TITLES } from '../../../domain/entry-constants';
import { REQUIRED_FIELD_PROPS } from './required-field';
import type { RegistrationFormState } from './use-registration-form';

/** Salutation, title, names, company and phone. */
export function RegisterPersonFields({ state }: { state: RegistrationFormState }) {
  const { inputProps, touch, visibleError } = state;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Radio.Group label="Anrede" {...inputProps('salutation')}>
        <Group gap="lg" mt={8}>
          {SALUTATIONS.map((salutation) => (
            <Radio key={salutation} value={salutation} label={salutation} />
          ))}
        </Group>
      </Radio.Group>
      <NativeSelect label="Titel" data={[...TITLES]} {...inputProps('title')} />
      <TextInput
        label="Vorname"
        autoComplete="given-name"
        {...REQUIRED_FIELD_PROPS}
        {...inputProps('firstName')}
        onBlur={() => touch('firstName')}
        error={visibleError('firstName')}
      />
      <TextInput
        label="Nachname"
        autoComplete="family-name"
        {...REQUIRED_FIELD_PROPS}
        {...inputProps('lastName')}
        onBlur={() => touch('lastName')}
        error={visibleError('lastName')}
      />
      <TextInput label="Firma" autoComplete="organization" {...inputProps('company')} />
      <TextInput
        label="Telefon"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        {...inputProps('phone')}
        error={visibleError('phone')}
      />
    </SimpleGrid>
  );
}
