import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  createContext,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { lazyComponent, PartLoading } from '../../../components/lazy-component';
import { ACCOUNT_TEXTS, type AccountDialogMode, isAccountComplete } from '../../../domain/account-form';
import { useAccountMe } from '../api/account';

// The form loads when the dialog first opens, not with every page.
const AccountSettingsForm = lazyComponent(() =>
  import('./AccountSettingsForm').then((module) => module.AccountSettingsForm),
);

export interface AccountSettingsApi {
  /** Opens "Accounteinstellungen" (default), only the address ("adress-only") or the nudge. */
  open: (mode?: AccountDialogMode) => void;
  /** Whether the dialog is open (the first-time investor wizard waits for the nudge). */
  opened: boolean;
}

const AccountSettingsContext = createContext<AccountSettingsApi | null>(null);

const TITLES: Record<AccountDialogMode, string> = {
  default: ACCOUNT_TEXTS.title,
  'adress-only': ACCOUNT_TEXTS.addressTitle,
  nudging: ACCOUNT_TEXTS.nudgingTitle,
};

/**
 * The account settings dialog, mounted once in the admin layout. It opens by itself in "nudging"
 * mode when the account lacks any of the six nudge fields, and closes itself once they are complete.
 */
export function AccountSettingsProvider({ children }: { children: ReactNode }) {
  // Full screen below the spec's mobile breakpoint (800 px).
  const mobile = useMediaQuery('(max-width: 50em)') ?? false;
  const account = useAccountMe();
  const [mode, setMode] = useState<AccountDialogMode | null>(null);
  const [formKey, setFormKey] = useState(0);
  const nudged = useRef(false);

  const open = useCallback((next: AccountDialogMode = 'default') => {
    setFormKey((key) => key + 1);
    setMode(next);
  }, []);
  const close = useCallback(() => setMode(null), []);

  const user = account.data;
  const complete = user ? isAccountComplete(user) : true;
  useEffect(() => {
    if (!user || nudged.current) return;
    nudged.current = true;
    if (!complete) open('nudging');
  }, [user, complete, open]);
  useEffect(() => {
    if (mode === 'nudging' && complete) close();
  }, [mode, complete, close]);

  const api = useMemo(() => ({ open, opened: mode !== null }), [open, mode]);
  return (
    <AccountSettingsContext.Provider value={api}>
      {children}
      <Modal
        opened={mode !== null}
        onClose={close}
        fullScreen={mobile}
        title={mode ? TITLES[mode] : ''}
        size="lg"
        centered
      >
        {mode && (
          <Suspense fallback={<PartLoading />}>
            <AccountSettingsForm key={formKey} mode={mode} onDone={close} />
          </Suspense>
        )}
      </Modal>
    </AccountSettingsContext.Provider>
  );
}

export function useAccountSettings(): AccountSettingsApi {
  const api = useContext(AccountSettingsContext);
  if (!api) throw new Error('useAccountSettings() needs an <AccountSettingsProvider> above it');
  return api;
}
