import type { ReactNode } from "react";
import { MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { ApiError } from "../api";
import { I18nProvider } from "../i18n";
import { cssVariablesResolver, theme } from "./theme";

export { theme };

/** Retries only what a retry can fix: network trouble and server errors, never 4xx. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: true, staleTime: 15_000 },
      mutations: { retry: false },
    },
  });
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        {/* Light, dark or the system's choice; the choice is kept in this browser's localStorage. */}
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
          <ModalsProvider>
            <Notifications position="top-right" limit={4} />
            {children}
          </ModalsProvider>
        </MantineProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}
