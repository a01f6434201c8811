import { Suspense } from "react";
import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { Link, Outlet, isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import type { RouteEntry } from "../routing";
import { EmptyState, ErrorState, LoadingState } from "../ui";
import {
  SessionExpiryWatcher,
  SessionRedirect,
  useAuthFailureRedirect,
  useCan,
  useSessionQuery,
} from "../features/auth";
import { AppShellLayout } from "./layout/AppShellLayout";
import { useDocumentTitle } from "./layout/use-document-title";

/** The top of the route tree: wires API auth failures to navigation. */
export function RootRoute() {
  useAuthFailureRedirect();
  return <Outlet />;
}

/** A sign-in step page, without the shell. */
export function BarePage({ entry }: { entry: RouteEntry }) {
  useDocumentTitle(entry.title);
  const Page = entry.page;
  return (
    <Suspense fallback={<LoadingState />}>
      <Page />
    </Suspense>
  );
}

/** Sends visitors where their session state says; renders the shell once fully signed in. */
export function RequireSession() {
  const session = useSessionQuery();
  const location = useLocation();
  if (session.isPending) {
    return (
      <Center mih="100vh">
        <LoadingState label="Loading Steward…" />
      </Center>
    );
  }
  if (session.isError) {
    return (
      <Center mih="100vh" p="xl">
        <Stack maw={520}>
          <ErrorState
            title="Could not reach the Steward server"
            error={session.error}
            onRetry={() => void session.refetch()}
          />
        </Stack>
      </Center>
    );
  }
  if (session.data.state !== "authenticated") {
    const from = location.pathname + location.search;
    return <SessionRedirect session={session.data} from={from === "/" ? undefined : from} />;
  }
  return (
    <>
      <SessionExpiryWatcher session={session.data} />
      <AppShellLayout user={session.data.user} />
    </>
  );
}

/** A shell page: checks the entry's permission before rendering it. */
export function GuardedPage({ entry }: { entry: RouteEntry }) {
  const can = useCan();
  if (!can(entry.access)) return <ForbiddenPage />;
  const Page = entry.page;
  return <Page />;
}

export function ForbiddenPage() {
  return (
    <EmptyState
      title="You do not have access to this page"
      description="Your role does not include the permission this page needs. Ask a system administrator if you need it."
      action={
        <Button component={Link} to="/" variant="default">
          Go to the dashboard
        </Button>
      }
    />
  );
}

export function NotFoundPage() {
  useDocumentTitle("Page not found");
  return (
    <EmptyState
      title="Page not found"
      description="There is no page at this address. Check the link, or use the navigation on the left."
      action={
        <Button component={Link} to="/" variant="default">
          Go to the dashboard
        </Button>
      }
    />
  );
}

/** Unexpected render errors and failed page downloads (e.g. after an upgrade). */
export function RouteErrorPage() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : "Unknown error";
  return (
    <Center mih="100vh" p="xl">
      <Stack maw={560} gap="md">
        <Title order={2}>Something went wrong</Title>
        <Text>The console hit an unexpected problem showing this page. Reloading usually fixes it.</Text>
        <Text size="sm" c="dimmed" ff="monospace">
          {message}
        </Text>
        <Button onClick={() => window.location.reload()} w="fit-content">
          Reload
        </Button>
      </Stack>
    </Center>
  );
}
