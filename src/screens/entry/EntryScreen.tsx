import { type ComponentType, Suspense } from 'react';
import { lazyComponent, ScreenLoading } from '../../components/lazy-component';
import { EntryLayout } from './EntryLayout';
import { LoginForm } from './LoginForm';

export type EntryMode = 'login' | 'register' | 'reset-password' | 'activation';

// The login is part of this chunk (the most visited page); the other modes load on demand.
const MODE_VIEWS: Record<EntryMode, ComponentType> = {
  login: LoginForm,
  register: lazyComponent(() => import('./RegisterForm').then((module) => module.RegisterForm)),
  'reset-password': lazyComponent(() =>
    import('./ResetPasswordForm').then((module) => module.ResetPasswordForm),
  ),
  activation: lazyComponent(() => import('./ActivationView').then((module) => module.ActivationView)),
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
