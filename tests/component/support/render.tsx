import { QueryClient } from '@tanstack/react-query';
import { type RenderResult, render } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { GraphQLClient } from 'graphql-request';
import type { ReactElement } from 'react';
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

export interface RenderOptions {
  graphql?: GraphQLHandler;
  route?: string;
  /** The query client @default one without retries and without the app's mutation-error notices */
  queryClient?: QueryClient;
}

/**
 * Renders `ui` inside the app's providers (Mantine theme, dates, notifications, session of a signed-in
 * client, TanStack Query, API client) and a memory router at `route`. The API client's fetch is the
 * `graphql` handler: every request is recorded in `requests` and answered without a network.
 */
export function renderWithApp(
  ui: ReactElement,
  {
    graphql = () => ({}),
    route = '/',
    queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    }),
  }: RenderOptions = {},
): RenderResult & {
  user: UserEvent;
  requests: SentRequest[];
  router: ReturnType<typeof createMemoryRouter>;
} {
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
    queryClient,
    apiClient: new GraphQLClient('http://portal.test/graphql', { fetch }),
  };
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [route] });
  const user = userEvent.setup();
  const rendered = render(
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...rendered, user, requests, router };
}

/** A GraphQL answer with `errors` (e.g. masked server failure), for handlers to return. */
export class GraphQLErrors {
  constructor(readonly errors: { message: string; extensions?: { code?: string } }[]) {}
}

/**
 * Runs `hook` inside the same providers as `renderWithApp` (a view-model hook as its screen runs
 * it); `result.current` is what its latest render answered.
 */
export function renderHookWithApp<Result>(hook: () => Result, options: RenderOptions = {}) {
  const result: { current: Result | undefined } = { current: undefined };
  const record = (answer: unknown) => {
    result.current = answer as Result;
  };
  return { result, ...renderWithApp(<HookProbe hook={hook} record={record} />, options) };
}

/** Renders nothing; hands each answer of `hook` to `record`. */
function HookProbe({ hook, record }: { hook: () => unknown; record: (answer: unknown) => void }) {
  record(hook());
  return null;
}
