import { Button, Group, Tooltip } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { showSuccessNotice } from '../../../components/feedback/success-notice';
import type { ManualQuote } from '../api/backoffice-quotes';

/** The public page of a quote for the customer. */
export const quoteLink = (uid: string) => `${window.location.origin}/quote/${uid}`;

/** Copies the quote link and, while one is open, the customer's set-password link. */
export function QuoteLinkButtons({
  quote,
}: {
  quote: Pick<ManualQuote, 'uid' | 'email' | 'setPasswordLink'>;
}) {
  const clipboard = useClipboard({ timeout: 1500 });
  const copy = (text: string, what: string) => {
    clipboard.copy(text);
    showSuccessNotice(`${what} für ${quote.email} kopiert.`, { autoClose: 3000 });
  };
  return (
    <Group gap={4} wrap="nowrap" onClick={(event) => event.stopPropagation()}>
      <Button
        size="compact-xs"
        variant="light"
        aria-label={`Angebotslink von ${quote.email} kopieren`}
        onClick={() => copy(quoteLink(quote.uid), 'Angebotslink')}
      >
        Angebotslink
      </Button>
      <Tooltip
        label="Erst verfügbar, wenn die Rechnung das Kundenkonto angelegt hat"
        disabled={Boolean(quote.setPasswordLink)}
      >
        <Button
          size="compact-xs"
          variant="light"
          aria-label={`Passwort-Link von ${quote.email} kopieren`}
          disabled={!quote.setPasswordLink}
          onClick={() => quote.setPasswordLink && copy(quote.setPasswordLink, 'Passwort-Link')}
        >
          Passwort-Link
        </Button>
      </Tooltip>
    </Group>
  );
}
