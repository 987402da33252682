import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { GraphQLClient } from 'graphql-request';
import type { ReactNode } from 'react';
import { ApiClientContext } from '../queries/client';
import { SessionStoreContext } from '../queries/session/session-context';
import type { SessionStore } from '../queries/session/session-store';
import { NotificationsOnDemand } from './NotificationsOnDemand';
import { cssVariablesResolver, theme } from './theme';

export interface AppServices {
  sessionStore: SessionStore;
  queryClient: QueryClient;
  apiClient: GraphQLClient;
}

export function AppProviders({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
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
