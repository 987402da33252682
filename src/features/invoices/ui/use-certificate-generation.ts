import { useEffect, useRef, useState } from 'react';
import { CERTIFICATE_STEPS } from '../../../domain/order-list-texts';

/** Spec: each step after a random delay of about 750 ms to a few seconds. */
export function stepDelayMs(random: number = Math.random()): number {
  return 750 + Math.round(random * 1500);
}

/**
 * Runs the five progress messages, then opens the certificate of the invoice token in a new
 * tab. The tab is opened within the click (pop-up blockers) and pointed at the PDF at the end.
 */
export function useCertificateGeneration() {
  const [step, setStep] = useState<number | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(
    () => () => {
      for (const timer of timers.current) clearTimeout(timer);
    },
    [],
  );

  const generate = (token: string) => {
    const tab = window.open('', '_blank');
    tab?.document.write(
      '<!doctype html><html lang="de"><title>Einlagerungszertifikat</title><p style="font-family:sans-serif">Ihr Einlagerungszertifikat wird erstellt …</p></html>',
    );
    let elapsed = 0;
    setStep(0);
    for (let index = 1; index <= CERTIFICATE_STEPS.length; index++) {
      elapsed += stepDelayMs();
      timers.current.push(
        setTimeout(() => {
          if (index < CERTIFICATE_STEPS.length) {
            setStep(index);
            return;
          }
          setStep(null);
          const url = `/certificate/${encodeURIComponent(token)}`;
          if (tab && !tab.closed) {
            tab.opener = null;
            tab.location.href = url;
          } else {
            window.open(url, '_blank', 'noopener');
          }
        }, elapsed),
      );
    }
  };

  return { step, generate };
}
