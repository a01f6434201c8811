import { Suspense } from "react";
import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { Link, Outlet, isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { DASHBOARD_PATH, useRouteText, type RouteEntry } from "../routing";
import { useT } from "../i18n";
import { EmptyState, ErrorState, LoadingState } from "../ui";
import {
  SessionExpiryWatcher,
  SessionRedirect,
  useAuthFailureRedirect,
  useCan,
  useSessionQuery,
  type AuthenticatedSession,
} from "../features/auth";
import { StepUpPrompt } from "../features/security-settings";
import { AppShellLayout } from "./layout/AppShellLayout";
import { useApplyPreferences } from "./preferences/apply";
import { useDocumentTitle } from "./layout/use-document-title";

/** The top of the route tree: wires API auth failures to navigation. */
export function RootRoute() {
  useAuthFailureRedirect();
  return <Outlet />;
}

/** A sign-in step page, without the shell. */
export function BarePage({ entry }: { entry: RouteEntry }) {
  const text = useRouteText();
  useDocumentTitle(text(entry.title));
  const Page = entry.page;
  return (
    <Suspense fallback={<LoadingState />}>
      <Page />
    </Suspense>
  );
}

/** Sends visitors where their session state says; renders the shell once fully signed in. */
export function RequireSession() {
  const t = useT();
  const session = useSessionQuery();
  const location = useLocation();
  if (session.isPending) {
    return (
      <Center mih="100vh">
        <LoadingState label={t("shell.pages.loading")} />
      </Center>
    );
  }
  if (session.isError) {
    return (
      <Center mih="100vh" p="xl">
        <Stack maw={520}>
          <ErrorState
            title={t("shell.pages.unreachable")}
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
  return <SignedInConsole session={session.data} />;
}

/** The shell of a fully signed-in user, in their saved language, time zone, date format and theme. */
function SignedInConsole({ session }: { session: AuthenticatedSession }) {
  useApplyPreferences(session.user.id, session.user.preferences);
  return (
    <>
      <SessionExpiryWatcher session={session} />
      <StepUpPrompt />
      <AppShellLayout user={session.user} />
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
  const t = useT();
  return (
    <EmptyState
      title={t("shell.pages.forbidden")}
      description={t("shell.pages.forbiddenHint")}
      action={
        <Button component={Link} to={DASHBOARD_PATH} variant="default">
          {t("shell.pages.goToDashboard")}
        </Button>
      }
    />
  );
}

export function NotFoundPage() {
  const t = useT();
  useDocumentTitle(t("shell.pages.notFound"));
  return (
    <EmptyState
      title={t("shell.pages.notFound")}
      description={t("shell.pages.notFoundHint")}
      action={
        <Button component={Link} to={DASHBOARD_PATH} variant="default">
          {t("shell.pages.goToDashboard")}
        </Button>
      }
    />
  );
}

/** Unexpected render errors and failed page downloads (e.g. after an upgrade). */
export function RouteErrorPage() {
  const t = useT();
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : t("shell.pages.unknownError");
  return (
    <Center mih="100vh" p="xl">
      <Stack maw={560} gap="md">
        <Title order={2}>{t("shell.pages.crashTitle")}</Title>
        <Text>{t("shell.pages.crashHint")}</Text>
        <Text size="sm" c="dimmed" ff="monospace">
          {message}
        </Text>
        <Button onClick={() => window.location.reload()} w="fit-content">
          {t("common.actions.reload")}
        </Button>
      </Stack>
    </Center>
  );
}
