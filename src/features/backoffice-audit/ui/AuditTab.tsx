import { Stack, Text } from '@mantine/core';
import { AuditLogTable } from './AuditLogTable';

/**
 * Verlauf: every staff change of the back office, also of records deleted since (quotes,
 * tranches, invoice positions), filterable by kind and searchable ("gelöscht", an e-mail, an id).
 */
export function AuditTab() {
  return (
    <Stack gap="sm">
      <Text c="dimmed" size="sm">
        Alle Änderungen im Back Office, auch an inzwischen gelöschten Angeboten, Tranchen und
        Rechnungspositionen. Die Suche findet Mitarbeiter-E-Mail, Aktion (z. B. „gelöscht“), geänderte Werte
        und die ID des Eintrags.
      </Text>
      <AuditLogTable entity={null} entityFilter label="Verlauf aller Änderungen" />
    </Stack>
  );
}
