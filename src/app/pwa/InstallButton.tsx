import { Button } from '@mantine/core';
import { useInstallPrompt } from './install-prompt';

/** "Installieren": shown only where the browser offers to install the app. */
export function InstallButton() {
  const { canInstall, install } = useInstallPrompt();
  if (!canInstall) return null;
  return (
    <Button variant="light" size="xs" onClick={() => void install()}>
      Installieren
    </Button>
  );
}
