import { Modal, Text } from '@mantine/core';
import type { DepotRow } from '../model/depot-rows';
import { DepotPositionCard } from './DepotPositionCard';

export interface DepotPositionDialogProps {
  /** The position to show; undefined when the requested id is not in the depot. */
  row: DepotRow | undefined;
  conditionReportUrl?: string | null;
  opened: boolean;
  onClose: () => void;
}

/** The "Depot-Position" dialog opened from a table row; "Nicht gefunden." for an unknown position. */
export function DepotPositionDialog({ row, conditionReportUrl, opened, onClose }: DepotPositionDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Depot-Position"
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Schließen' }}
    >
      {row ? (
        <DepotPositionCard row={row} conditionReportUrl={conditionReportUrl} />
      ) : (
        <Text>Nicht gefunden.</Text>
      )}
    </Modal>
  );
}
