import { Alert, Paper, Text, Title } from '@mantine/core';
import { BILLING_INCOMPLETE } from '../../domain/order-list-texts';

export interface BillingPerson {
  firstName: string;
  lastName: string;
  streetAndNumber: string | null;
  postalCode: string | null;
  city: string | null;
}

/** Spec: paying needs first name, last name, street and number, postal code and city. */
export function billingComplete(person: BillingPerson): boolean {
  return [person.firstName, person.lastName, person.streetAndNumber, person.postalCode, person.city].every(
    (value) => (value ?? '').trim() !== '',
  );
}

/** The billing data shown before ordering, with the spec's hint when it is incomplete. */
export function BillingData({ person }: { person: BillingPerson }) {
  const complete = billingComplete(person);
  return (
    <Paper withBorder p="md">
      <Title order={3} size="h4" mb="sm">
        Rechnungsinformationen
      </Title>
      <Text size="sm">
        {[person.firstName, person.lastName].filter(Boolean).join(' ') || '–'}
        <br />
        {person.streetAndNumber || '–'}
        <br />
        {[person.postalCode, person.city].filter(Boolean).join(' ') || '–'}
      </Text>
      <Text size="xs" c="dimmed" mt="xs">
        Lieferung: Zollfreilager Genf, Schweiz (Originalkiste)
      </Text>
      {complete ? null : (
        <Alert color="orange" mt="sm" role="alert">
          {BILLING_INCOMPLETE}
        </Alert>
      )}
    </Paper>
  );
}
