import { QueryClient } from '@tanstack/react-query';
import { type RenderHookResult, type RenderResult, render, renderHook } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { GraphQLClient } from 'graphql-request';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createSessionStore } from '../../../src/api/session/session-store';
import { AppProviders } from '../../../src/app/AppProviders';
import { memoryStorage } from '../../unit/support/memory-storage';
import { clientUser } from '../../unit/support/session-user';

/** One GraphQL request the component sent, as the server would receive it. */
export interface SentRequest {
  operationName: string;
  variables: Record<string, unknown>;
}

/** Answers a request with the `data` the server would send, or throws `GraphQLRefusal` for `errors`. */
export type GraphQLHandler = (request: SentRequest) => unknown;

const signedInClient = {
  user: clientUser,
  token: 'header.payload.signature',
};

/**
 * The app's services for a test: a session of a signed-in client, a fresh QueryClient and an API
 * client whose fetch is the `graphql` handler: every request is recorded in `requests` and answered
 * without a network.
 */
function testServices(graphql: GraphQLHandler) {
  const requests: SentRequest[] = [];
  const fetch = async (_input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as {
      query: string;
      operationName?: string;
      variables?: Record<string, unknown>;
    };
    const request = {
      operationName: body.operationName ?? /(?:query|mutation)\s+(\w+)/.exec(body.query)?.[1] ?? '',
      variables: body.variables ?? {},
    };
    requests.push(request);
    const answer = await graphql(request);
    return new Response(JSON.stringify(answer instanceof GraphQLErrors ? answer : { data: answer }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  const sessionStore = createSessionStore(memoryStorage());
  sessionStore.signIn(signedInClient);
  const services = {
    sessionStore,
    queryClient: new QueryClient({
      defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    }),
    apiClient: new GraphQLClient('http://portal.test/graphql', { fetch }),
  };
  return { services, requests };
}

/**
 * Renders `ui` inside the app's providers (Mantine theme, dates, notifications, session of a signed-in
 * client, TanStack Query, API client) and a memory router at `route`. The API client's fetch is the
 * `graphql` handler: every request is recorded in `requests` and answered without a network.
 */
export function renderWithApp(
  ui: ReactElement,
  { graphql = () => ({}), route = '/' }: { graphql?: GraphQLHandler; route?: string } = {},
): RenderResult & {
  user: UserEvent;
  requests: SentRequest[];
  router: ReturnType<typeof createMemoryRouter>;
} {
  const { services, requests } = testServices(graphql);
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [route] });
  const user = userEvent.setup();
  const rendered = render(
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...rendered, user, requests, router };
}

/**
 * Runs the hook `useView` inside the same providers as `renderWithApp` (a real QueryClient, the
 * `graphql` handler as the server), for a view-model hook's tests: `result.current` is what the
 * screen would render, its actions are called as the screen's buttons would.
 */
export function renderHookWithApp<Result>(
  useView: () => Result,
  { graphql = () => ({}) }: { graphql?: GraphQLHandler } = {},
): RenderHookResult<Result, unknown> & { requests: SentRequest[]; queryClient: QueryClient } {
  const { services, requests } = testServices(graphql);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders services={services}>{children}</AppProviders>
  );
  return { ...renderHook(useView, { wrapper }), requests, queryClient: services.queryClient };
}

/** A GraphQL answer with `errors` (e.g. masked server failure), for handlers to return. */
export class GraphQLErrors {
  constructor(readonly errors: { message: string; extensions?: { code?: string } }[]) {}
}
