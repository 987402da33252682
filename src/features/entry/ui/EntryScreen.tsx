import { type ComponentType, Suspense } from 'react';
import { lazyComponent, ScreenLoading } from '../../../components/lazy-component';
import { EntryLayout } from './EntryLayout';
import { LoginForm } from './LoginForm';

const FIRST_SCREEN = { firstScreen: true };

export type EntryMode = 'login' | 'register' | 'reset-password' | 'activation';

// The login is part of this chunk (the most visited page); the other modes load on demand.
// Their styles are in the first screen's style sheet (lazyComponent's `firstScreen`).
const MODE_VIEWS: Record<EntryMode, ComponentType> = {
  login: LoginForm,
  register: lazyComponent(() => import('./RegisterForm').then((module) => module.RegisterForm), FIRST_SCREEN),
  'reset-password': lazyComponent(
    () => import('./ResetPasswordForm').then((module) => module.ResetPasswordForm),
    FIRST_SCREEN,
  ),
  activation: lazyComponent(
    () => import('./ActivationView').then((module) => module.ActivationView),
    FIRST_SCREEN,
  ),
};

/** The entry screen: one screen with four modes, chosen by the route (spec 2.1). */
export function EntryScreen({ mode }: { mode: EntryMode }) {
  const View = MODE_VIEWS[mode];
  return (
    <EntryLayout>
      <Suspense fallback={<ScreenLoading />}>
        <View />
      </Suspense>
    </EntryLayout>
  );
}
