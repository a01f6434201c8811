import { useCallback, useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useT } from "../../../i18n";
import { formatRelativeSeconds } from "../../../ui";
import { useCountdown } from "../../../lib/use-countdown";
import { forgetSession, refreshSession, useKeepalive, useLogout, type AuthenticatedSession } from "../api";

/** How long before the idle limit the warning appears. */
export const IDLE_WARNING_MS = 5 * 60 * 1000;

/**
 * Warns 5 minutes before the session's idle limit (with a countdown, "Stay signed in" and
 * "Sign out") and sends the user to the sign-in page, with a notice, once it has passed.
 */
export function SessionExpiryWatcher({ session }: { session: AuthenticatedSession }) {
  const t = useT();
  const queryClient = useQueryClient();
  const keepalive = useKeepalive();
  const logout = useLogout();
  // The deadline the warning is shown for: a new deadline (keepalive, activity) hides it.
  const [warnedDeadline, setWarnedDeadline] = useState<number | null>(null);

  const idleAt = Date.parse(session.idleExpiresAt);
  const absoluteAt = Date.parse(session.absoluteExpiresAt);
  const deadline = Math.min(idleAt, absoluteAt);
  const absoluteLimit = absoluteAt <= idleAt;
  const warning = warnedDeadline === deadline;
  const setWarning = useCallback((on: boolean) => setWarnedDeadline(on ? deadline : null), [deadline]);
  const secondsLeft = useCountdown(warning ? deadline : null);

  // The route guard then sends the user to sign-in with "Your session has expired".
  const expire = useCallback(() => {
    setWarnedDeadline(null);
    forgetSession(queryClient, "expired");
  }, [queryClient]);

  useEffect(() => {
    if (!Number.isFinite(deadline)) return;
    const now = Date.now();
    const warnTimer = window.setTimeout(
      () => {
        // Other tabs or requests may have extended the session on the server: ask before warning.
        refreshSession(queryClient)
          .then((fresh) => {
            if (fresh.state !== "authenticated") expire();
            else if (
              Math.min(Date.parse(fresh.idleExpiresAt), Date.parse(fresh.absoluteExpiresAt)) === deadline
            ) {
              setWarnedDeadline(deadline);
            }
          })
          .catch(() => setWarnedDeadline(deadline));
      },
      Math.max(0, deadline - IDLE_WARNING_MS - now),
    );
    const expireTimer = window.setTimeout(expire, Math.max(0, deadline - now));
    return () => {
      window.clearTimeout(warnTimer);
      window.clearTimeout(expireTimer);
    };
  }, [deadline, expire, queryClient]);

  const handleStay = () => {
    keepalive.mutate(undefined, { onSuccess: () => setWarning(false) });
  };

  const handleSignOut = () => {
    setWarning(false);
    void logout.mutateAsync().catch(() => undefined);
  };

  return (
    <Modal
      opened={warning}
      onClose={absoluteLimit ? () => setWarning(false) : handleStay}
      title={absoluteLimit ? t("auth.expiry.absoluteTitle") : t("auth.expiry.idleTitle")}
      closeOnClickOutside={false}
      centered
    >
      <Stack gap="md">
        <Text>
          {absoluteLimit
            ? t("auth.expiry.absolute", { time: formatRelativeSeconds(secondsLeft) })
            : t("auth.expiry.idle", { time: formatRelativeSeconds(secondsLeft) })}
        </Text>
        {keepalive.isError ? (
          <Text c="red" size="sm" role="alert">
            {t("auth.expiry.extendFailed")}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void handleSignOut()}>
            {t("auth.signOut")}
          </Button>
          {absoluteLimit ? (
            <Button onClick={() => setWarning(false)}>{t("auth.expiry.ok")}</Button>
          ) : (
            <Button onClick={handleStay} loading={keepalive.isPending}>
              {t("auth.expiry.stay")}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
