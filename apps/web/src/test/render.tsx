import type { ReactElement } from "react";
import { render } from "@testing-library/react";
import { MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider, createMemoryRouter, type RouteObject } from "react-router";
import { vi } from "vitest";
import type { SessionResponse, SessionUser } from "@steward/contracts";
import { theme } from "../app/providers";
import { I18nProvider } from "../i18n";
import { SESSION_QUERY_KEY } from "../lib/session-query";

export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
}

export const adminUser: SessionUser = {
  id: 1,
  email: "ada@example.com",
  firstName: "Ada",
  lastName: "Lovelace",
  isSystemAdmin: true,
  permissions: [],
};

export function authenticatedSession(
  overrides: Partial<Extract<SessionResponse, { state: "authenticated" }>> = {},
) {
  const now = Date.now();
  return {
    state: "authenticated" as const,
    user: adminUser,
    csrfToken: "csrf-test",
    idleExpiresAt: new Date(now + 60 * 60 * 1000).toISOString(),
    absoluteExpiresAt: new Date(now + 24 * 60 * 60 * 1000).toISOString(),
    ...overrides,
  };
}

/** Signs the rendered app in: seeds the session query as the server would answer it. */
export function signIn(queryClient: QueryClient, session: SessionResponse = authenticatedSession()) {
  queryClient.setQueryData(SESSION_QUERY_KEY, session);
}

interface RenderOptions {
  /** Routes to mount; defaults to the element at "/". */
  routes?: RouteObject[];
  initialPath?: string;
  queryClient?: QueryClient;
}

/** Renders with the app's providers (Mantine in test mode: no transitions, no portals) and a memory router. */
export function renderApp(element: ReactElement | null, options: RenderOptions = {}) {
  const queryClient = options.queryClient ?? testQueryClient();
  const routes = options.routes ?? [{ path: "*", element }];
  const router = createMemoryRouter(routes, { initialEntries: [options.initialPath ?? "/"] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <MantineProvider theme={theme} env="test">
          <ModalsProvider>
            <Notifications />
            <RouterProvider router={router} />
          </ModalsProvider>
        </MantineProvider>
      </I18nProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

type Handler = (request: {
  url: URL;
  method: string;
  body: unknown;
  headers: Headers;
}) => Response | Promise<Response>;

/** Stubs fetch with "METHOD /path" handlers; unknown calls answer 404 JSON. Returns the mock for call checks. */
export function mockFetch(handlers: Record<string, Handler>) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    const handler = handlers[`${method} ${url.pathname}`];
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    if (!handler) return json(404, { code: "E_NOT_FOUND", message: "not mocked", requestId: "t" });
    return handler({ url, method, body, headers: new Headers(init?.headers) });
  });
  vi.stubGlobal("fetch", mock);
  return mock;
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}
