import { Group, TextInput } from '@mantine/core';

export interface NameFieldsProps {
  /** Current first name. */
  firstName: string;
  /** Current last name. */
  lastName: string;
  /** Called with the field that changed and its new value. */
  onChange: (field: 'firstName' | 'lastName', value: string) => void;
}

/** The required "Vorname" / "Nachname" pair of the contact and referral forms. */
export function NameFields({ firstName, lastName, onChange }: NameFieldsProps) {
  return (
    <Group grow align="flex-start" wrap="wrap">
      <TextInput
        label="Vorname"
        withAsterisk
        miw={200}
        value={firstName}
        onChange={(event) => onChange('firstName', event.currentTarget.value)}
      />
      <TextInput
        label="Nachname"
        withAsterisk
        miw={200}
        value={lastName}
        onChange={(event) => onChange('lastName', event.currentTarget.value)}
      />
    </Group>
  );
}
