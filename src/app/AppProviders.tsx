import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { GraphQLClient } from 'graphql-request';
import type { ReactNode } from 'react';
import { ApiClientContext } from '../api/client';
import { SessionStoreContext } from '../api/session/session-context';
import type { SessionStore } from '../api/session/session-store';
import { NotificationsOnDemand } from './NotificationsOnDemand';
import { cssVariablesResolver, theme } from './theme';

export interface AppServices {
  sessionStore: SessionStore;
  queryClient: QueryClient;
  apiClient: GraphQLClient;
}

export interface AppProvidersProps {
  services: AppServices;
  /**
   * Mantine's global styles (CSS variables, classes) are in the page's head already, where the
   * server put them (`FirstScreen.head`): not rendered into the app then. Default false.
   */
  globalStylesInHead?: boolean;
  children: ReactNode;
}

export function AppProviders({ services, globalStylesInHead = false, children }: AppProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      withCssVariables={!globalStylesInHead}
      withGlobalClasses={!globalStylesInHead}
    >
      <DatesProvider settings={{ locale: 'de', firstDayOfWeek: 1 }}>
        <NotificationsOnDemand />
        <SessionStoreContext value={services.sessionStore}>
          <QueryClientProvider client={services.queryClient}>
            <ApiClientContext value={services.apiClient}>{children}</ApiClientContext>
          </QueryClientProvider>
        </SessionStoreContext>
      </DatesProvider>
    </MantineProvider>
  );
}

/** Mantine's global `<style>` elements alone, for the head of a server-rendered page. */
export function MantineGlobalStyles() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {null}
    </MantineProvider>
  );
}
