import { Alert, Button, Group, Paper, Text, Title } from '@mantine/core';
import { type BillingPerson, billingComplete } from '../../../domain/billing-data';
import { BILLING_INCOMPLETE } from '../../../domain/order-list-texts';
import { useAccountSettings } from '../../account';

/**
 * The billing data shown before ordering, with the spec's hint when it is incomplete. "Adresse
 * bearbeiten" opens the account dialog in its "adress-only" mode (spec client-area section 5).
 */
export function BillingData({ person }: { person: BillingPerson }) {
  const complete = billingComplete(person);
  const accountSettings = useAccountSettings();
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" align="flex-start" mb="sm" gap="xs">
        <Title order={3} size="h4">
          Rechnungsinformationen
        </Title>
        <Button variant="subtle" size="compact-sm" onClick={() => accountSettings.open('adress-only')}>
          Adresse bearbeiten
        </Button>
      </Group>
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
