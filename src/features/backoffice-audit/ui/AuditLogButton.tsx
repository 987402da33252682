import { Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { AuditEntity } from '../api/backoffice-audit';
import { AuditLogTable } from './AuditLogTable';

/** "Verlauf": the audit log of one record (who, when, what, before and after) in a dialog. */
export function AuditLogButton({
  entity,
  entityId,
  label,
}: {
  entity: AuditEntity;
  entityId: number;
  /** What the record is, e.g. "Rechnung 2026-0004" (dialog title). */
  label: string;
}) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="subtle" size="compact-sm" onClick={open}>
        Verlauf
      </Button>
      <Modal opened={opened} onClose={close} title={`Verlauf: ${label}`} size="90%">
        {opened && <AuditLogTable entity={entity} entityId={entityId} />}
      </Modal>
    </>
  );
}
