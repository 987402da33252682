import { Button } from '@mantine/core';
import { useCustomerPortalSession } from '../../order-list';

/**
 * Top-bar link "Rechnungen": opens the payment provider's customer portal in a new tab. The
 * tab is opened within the click (pop-up blockers) and pointed at the session URL once known.
 */
export function InvoicesPortalLink() {
  const session = useCustomerPortalSession();
  const open = () => {
    const tab = window.open('', '_blank');
    session.mutate(undefined, {
      onSuccess: (url) => {
        if (tab && !tab.closed) {
          tab.opener = null;
          tab.location.href = url;
        } else {
          window.open(url, '_blank', 'noopener');
        }
      },
      onError: () => tab?.close(),
    });
  };
  return (
    <Button variant="subtle" px={{ base: 6, sm: 'md' }} onClick={open} loading={session.isPending}>
      Rechnungen
    </Button>
  );
}
