import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { createContext, type ReactNode, Suspense, useCallback, useContext, useMemo, useState } from 'react';
import { lazyComponent, PartLoading } from '../../../components/lazy-component';
import { CONTACT_TEXTS } from '../../../domain/contact-texts';

// The form (with its date picker) loads when the dialog first opens, not with every page.
const ContactForm = lazyComponent(() => import('./ContactForm').then((module) => module.ContactForm));

export interface ContactModalApi {
  open: () => void;
  /** Opens the form with its message prefilled (e.g. the wine asked for). */
  openWithMessage: (message: string) => void;
}

const ContactModalContext = createContext<ContactModalApi | null>(null);

export interface ContactModalProviderProps {
  children: ReactNode;
  /** A visitor's proposal uid (proposal page): its e-mail is the sender's. Omitted for a signed-in client. */
  uid?: string;
}

/** Mounted once in the admin layout; `useContactModal().open()` shows the contact and callback form. */
export function ContactModalProvider({ children, uid }: ContactModalProviderProps) {
  // Full screen below the spec's mobile breakpoint (800 px).
  const mobile = useMediaQuery('(max-width: 50em)') ?? false;
  const [opened, setOpened] = useState(false);
  // A new key per opening, so every opening starts with a fresh form.
  const [formKey, setFormKey] = useState(0);
  const [initialMessage, setInitialMessage] = useState('');
  const openWithMessage = useCallback((message: string) => {
    setInitialMessage(message);
    setFormKey((key) => key + 1);
    setOpened(true);
  }, []);
  const open = useCallback(() => openWithMessage(''), [openWithMessage]);
  const close = useCallback(() => setOpened(false), []);
  const api = useMemo(() => ({ open, openWithMessage }), [open, openWithMessage]);
  return (
    <ContactModalContext.Provider value={api}>
      {children}
      <Modal
        opened={opened}
        onClose={close}
        fullScreen={mobile}
        title={CONTACT_TEXTS.title}
        size="lg"
        centered
      >
        <Suspense fallback={<PartLoading />}>
          <ContactForm key={formKey} uid={uid} initialMessage={initialMessage} onDone={close} />
        </Suspense>
      </Modal>
    </ContactModalContext.Provider>
  );
}

export function useContactModal(): ContactModalApi {
  const api = useContext(ContactModalContext);
  if (!api) throw new Error('useContactModal() needs a <ContactModalProvider> above it');
  return api;
}
