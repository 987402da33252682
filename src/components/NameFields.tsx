import { Group, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';

export interface NameFieldsProps {
  /** Current first name. */
  firstName: string;
  /** Current last name. */
  lastName: string;
  /** Reasons the server gave for either field (shown under it). */
  errors?: Partial<Record<string, ReactNode>>;
  /** Called with the field that changed and its new value. */
  onChange: (field: 'firstName' | 'lastName', value: string) => void;
}

/** The required "Vorname" / "Nachname" pair of the contact and referral forms. */
export function NameFields({ firstName, lastName, errors = {}, onChange }: NameFieldsProps) {
  return (
    <Group grow align="flex-start" wrap="wrap">
      <TextInput
        label="Vorname"
        withAsterisk
        miw={200}
        value={firstName}
        error={errors.firstName}
        onChange={(event) => onChange('firstName', event.currentTarget.value)}
      />
      <TextInput
        label="Nachname"
        withAsterisk
        miw={200}
        value={lastName}
        error={errors.lastName}
        onChange={(event) => onChange('lastName', event.currentTarget.value)}
      />
    </Group>
  );
}
