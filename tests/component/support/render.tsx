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
 * The app's services for a test: a session of a signed-in client, the query client and an API
 * client whose fetch is the `graphql` handler: every request is recorded in `requests` and answered
 * without a network.
 */
function testServices(graphql: GraphQLHandler, queryClient: QueryClient) {
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
  return { services, requests };
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
  queryClient: QueryClient;
} {
  const { services, requests } = testServices(graphql, queryClient);
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [route] });
  const user = userEvent.setup();
  const rendered = render(
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...rendered, user, requests, router, queryClient };
}

/** A GraphQL answer with `errors` (e.g. masked server failure), for handlers to return. */
export class GraphQLErrors {
  constructor(readonly errors: { message: string; extensions?: { code?: string } }[]) {}
}

/**
 * Runs the hook `useView` inside the same providers and router as `renderWithApp`, for a
 * view-model hook's tests: `result.current` is what the screen would render from its latest
 * answer, its actions are called as the screen's buttons would.
 */
export function renderHookWithApp<Result>(useView: () => Result, options: RenderOptions = {}) {
  const result = { current: undefined as unknown as Result };
  const record = (answer: unknown) => {
    result.current = answer as Result;
  };
  return { result, ...renderWithApp(<HookProbe hook={useView} record={record} />, options) };
}

/** Renders nothing; hands each answer of `hook` to `record`. */
function HookProbe({ hook, record }: { hook: () => unknown; record: (answer: unknown) => void }) {
  record(hook());
  return null;
}
