import { useEffect, useRef, useState } from "react";
import { Anchor, Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { totpCodeField, type SessionResponse } from "@steward/contracts";
import { api, describeError, setCsrfToken, setStepUpHandler } from "../../../api";
import { useT } from "../../../i18n";
import { SESSION_QUERY_KEY } from "../../../lib/session-query";
import { FormError } from "../../../ui";
import { MfaCodeInput } from "../../auth";

/**
 * The second-factor confirmation a sensitive action asks for: the api client opens it when the
 * server answers E_STEP_UP_REQUIRED and sends the action again once it is confirmed.
 */
export function StepUpPrompt() {
  const t = useT();
  const queryClient = useQueryClient();
  const resolver = useRef<((confirmed: boolean) => void) | null>(null);
  const [opened, setOpened] = useState(false);
  const [mode, setMode] = useState<"code" | "recovery">("code");
  const [code, setCode] = useState("");
  const [recoveryCode, setRecoveryCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setStepUpHandler(
      () =>
        new Promise<boolean>((resolve) => {
          resolver.current = resolve;
          setMode("code");
          setCode("");
          setRecoveryCode("");
          setError(null);
          setOpened(true);
        }),
    );
    return () => {
      setStepUpHandler(null);
      resolver.current?.(false);
    };
  }, []);

  const finish = (confirmed: boolean) => {
    setOpened(false);
    resolver.current?.(confirmed);
    resolver.current = null;
  };

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const session = await api.post<SessionResponse>(
        "/auth/mfa/verify",
        mode === "code" ? { code: code.replace(/\s/g, "") } : { recoveryCode: recoveryCode.trim() },
        { redirectOnAuthFailure: false },
      );
      // Confirming starts a fresh session: later requests carry its CSRF token.
      if (session.state !== "anonymous") setCsrfToken(session.csrfToken);
      queryClient.setQueryData(SESSION_QUERY_KEY, session);
      finish(true);
    } catch (cause) {
      setError(describeError(cause));
    } finally {
      setBusy(false);
    }
  };

  const ready = mode === "code" ? totpCodeField.safeParse(code).success : recoveryCode.trim().length >= 8;
  return (
    <Modal
      opened={opened}
      onClose={() => finish(false)}
      title={t("securitySettings.stepUpPrompt.title")}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (ready && !busy) void submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            {mode === "code"
              ? t("securitySettings.stepUpPrompt.description")
              : t("securitySettings.stepUpPrompt.recoveryDescription")}
          </Text>
          {mode === "code" ? (
            <MfaCodeInput value={code} onChange={setCode} autoFocus disabled={busy} />
          ) : (
            <TextInput
              label={t("securitySettings.stepUpPrompt.recoveryCode")}
              value={recoveryCode}
              onChange={(event) => setRecoveryCode(event.currentTarget.value)}
              autoComplete="off"
              autoFocus
              disabled={busy}
            />
          )}
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setMode(mode === "code" ? "recovery" : "code");
              setError(null);
            }}
          >
            {mode === "code"
              ? t("securitySettings.stepUpPrompt.useRecovery")
              : t("securitySettings.stepUpPrompt.useCode")}
          </Anchor>
          <FormError message={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => finish(false)} disabled={busy}>
              {t("securitySettings.stepUpPrompt.cancel")}
            </Button>
            <Button type="submit" loading={busy} disabled={!ready}>
              {t("securitySettings.stepUpPrompt.confirm")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
