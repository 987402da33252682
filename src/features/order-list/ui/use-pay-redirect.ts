import { useEffect, useRef, useState } from 'react';
import { useFinalizeInvoice } from '../api/orders';

/** Spec: the hosted payment page opens in a new tab after about 3 s. */
export const PAY_REDIRECT_DELAY_MS = 3000;

/**
 * Finalizes an invoice and opens the provider's hosted page in a new tab after about 3 s. The
 * tab is opened at once, inside the click, so that pop-up blockers allow it; it shows a short
 * German note until the page is known.
 */
export function usePayRedirect() {
  const finalize = useFinalizeInvoice();
  const [hostedUrl, setHostedUrl] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const pay = (invoiceId: number) => {
    const tab = window.open('', '_blank');
    tab?.document.write(
      '<!doctype html><html lang="de"><title>Weiterleitung</title><p style="font-family:sans-serif">Sie werden zur Zahlungsseite weitergeleitet …</p></html>',
    );
    finalize.mutate(invoiceId, {
      onSuccess: (url) => {
        if (!url) {
          tab?.close();
          return;
        }
        setHostedUrl(url);
        timer.current = setTimeout(() => {
          if (tab && !tab.closed) {
            tab.opener = null;
            tab.location.href = url;
          } else {
            window.open(url, '_blank', 'noopener');
          }
          // The "being redirected" note is over; the panels link the invoice's page from now on.
          setHostedUrl(null);
        }, PAY_REDIRECT_DELAY_MS);
      },
      onError: () => tab?.close(),
    });
  };

  return { pay, hostedUrl, pending: finalize.isPending, invoiceId: finalize.variables ?? null };
}
