import { ActionIcon, Button } from '@mantine/core';
import { ACCOUNT_TEXTS } from '../../../domain/account-form';
import { useAccountSettings } from './account-settings';

function GearIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="3" />
      <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
    </svg>
  );
}

/** The top bar's entry to "Accounteinstellungen" (icon only on small screens). */
export function AccountSettingsButton() {
  const accountSettings = useAccountSettings();
  return (
    <>
      <Button
        variant="subtle"
        leftSection={<GearIcon />}
        onClick={() => accountSettings.open()}
        visibleFrom="sm"
      >
        {ACCOUNT_TEXTS.title}
      </Button>
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={ACCOUNT_TEXTS.title}
        onClick={() => accountSettings.open()}
        hiddenFrom="sm"
      >
        <GearIcon />
      </ActionIcon>
    </>
  );
}
