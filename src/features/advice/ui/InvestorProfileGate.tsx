import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { lazyComponent, PartLoading } from '../../../components/lazy-component';
import { isAccountComplete } from '../../../domain/account-form';
import { DEPOT_PATH } from '../../../routes/depot-routes';
import { useAccountMe, useAccountSettings } from '../../account';
import { useInvestorProfileGate } from '../api/advice';
import { GreetingOverlay } from './GreetingOverlay';

const COMPOSED_PORTFOLIO_PATH = '/admin/selection/wt';

// Most visits never show the wizard: it loads only when it opens.
const InvestorProfileWizard = lazyComponent(() =>
  import('./InvestorProfileWizard').then((module) => module.InvestorProfileWizard),
);

/**
 * The first-time investor profile: a non-dismissable wizard for clients with no saved profile
 * and no invoices (staff never). After saving, the greeting overlay shows (with "Ihr Portfolio
 * ansehen", the composed portfolio `/admin/selection/wt`) and then the depot opens, as the last
 * step's button "Zu meinem Depot" says.
 *
 * Order with the account "nudging" dialog, which opens on load when address data is
 * missing: the nudge goes first (it is dismissable and asks for data the binding order needs),
 * the wizard waits until that dialog has been closed — saved or dismissed. Both never stack.
 */
export function InvestorProfileGate() {
  const gate = useInvestorProfileGate();
  const account = useAccountMe();
  const settings = useAccountSettings();
  const navigate = useNavigate();
  const mobile = useMediaQuery('(max-width: 50em)') ?? false;
  const [nudgeSettled, setNudgeSettled] = useState(false);
  const sawNudge = useRef(false);
  const [greeting, setGreeting] = useState(false);
  const [saved, setSaved] = useState(false);

  const user = account.data;
  const complete = user ? isAccountComplete(user) : false;
  useEffect(() => {
    if (!user) return;
    if (complete) setNudgeSettled(true);
    if (settings.opened) sawNudge.current = true;
    else if (sawNudge.current) setNudgeSettled(true);
  }, [user, complete, settings.opened]);

  // "Zu meinem Depot" leads to the depot; the greeting offers the composed portfolio instead.
  const finishGreeting = useCallback(() => {
    setGreeting(false);
    navigate(DEPOT_PATH);
  }, [navigate]);
  const openPortfolio = useCallback(() => {
    setGreeting(false);
    navigate(COMPOSED_PORTFOLIO_PATH);
  }, [navigate]);

  const wanted = Boolean(gate.data?.needsFirstProfile) && !saved;
  const opened = wanted && nudgeSettled && !settings.opened;
  return (
    <>
      <Modal
        opened={opened}
        onClose={() => {}}
        withCloseButton={false}
        closeOnClickOutside={false}
        closeOnEscape={false}
        fullScreen={mobile}
        size="lg"
        centered
        title="Ihr Anlegerprofil"
      >
        <Suspense fallback={<PartLoading />}>
          <InvestorProfileWizard
            variant="initial"
            onSaved={() => {
              setSaved(true);
              setGreeting(true);
            }}
          />
        </Suspense>
      </Modal>
      {greeting && (
        <GreetingOverlay firstName={user?.firstName} onDone={finishGreeting} onPortfolio={openPortfolio} />
      )}
    </>
  );
}
