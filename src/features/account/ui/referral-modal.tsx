import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { createContext, type ReactNode, Suspense, useCallback, useContext, useMemo, useState } from 'react';
import { lazyComponent, PartLoading } from '../../../components/lazy-component';
import { REFERRAL_TEXTS } from '../../../domain/referral';

// The form loads when the dialog first opens, not with every page.
const ReferralForm = lazyComponent(() => import('./ReferralForm').then((module) => module.ReferralForm));

export interface ReferralModalApi {
  open: () => void;
}

const ReferralModalContext = createContext<ReferralModalApi | null>(null);

/** Mounted once in the admin layout; `useReferralModal().open()` shows the referral message generator. */
export function ReferralModalProvider({ children }: { children: ReactNode }) {
  // Full screen below the spec's mobile breakpoint (800 px).
  const mobile = useMediaQuery('(max-width: 50em)') ?? false;
  const [opened, setOpened] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const open = useCallback(() => {
    setFormKey((key) => key + 1);
    setOpened(true);
  }, []);
  const api = useMemo(() => ({ open }), [open]);
  return (
    <ReferralModalContext.Provider value={api}>
      {children}
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        fullScreen={mobile}
        title={REFERRAL_TEXTS.title}
        size="lg"
        centered
      >
        <Suspense fallback={<PartLoading />}>
          <ReferralForm key={formKey} />
        </Suspense>
      </Modal>
    </ReferralModalContext.Provider>
  );
}

export function useReferralModal(): ReferralModalApi {
  const api = useContext(ReferralModalContext);
  if (!api) throw new Error('useReferralModal() needs a <ReferralModalProvider> above it');
  return api;
}
