import { useState, type FormEvent } from "react";
import { Alert, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { IconAlertTriangle, IconKey } from "@tabler/icons-react";
import type { MfaCompletedResponse } from "@steward/contracts";
import { isApiError } from "../../../api";
import { useT } from "../../../i18n";
import { LoadingState } from "../../../ui";
import {
  useDuoStart,
  useRegisterSecurityKey,
  useSecurityKeySignIn,
  useSmsEnroll,
  useSmsEnrollConfirm,
  useSmsSend,
  useSmsVerify,
} from "../mfa-api";
import { AuthErrorAlert } from "./AuthErrorAlert";
import { MfaCodeInput, isCodeWellFormed } from "./MfaCodeInput";

type Done = (result: MfaCompletedResponse) => void;

/**
 * The browser's WebAuthn call failed or was cancelled (not an answer of the server): the prompt
 * says so with a Retry button.
 */
function isCeremonyFailure(error: unknown): boolean {
  return (
    !isApiError(error) || error.code === "E_MFA_INVALID_CODE" || error.code === "E_MFA_CHALLENGE_EXPIRED"
  );
}

function HardwareFailure({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <Alert color="red" icon={<IconAlertTriangle size={16} />} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t("auth.prompt.hardwareFailed")}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {t("auth.prompt.retry")}
        </Button>
      </Stack>
    </Alert>
  );
}

/** Sign-in with a registered security key. */
export function SecurityKeySignIn({ onDone }: { onDone: Done }) {
  const t = useT();
  const signIn = useSecurityKeySignIn();
  const run = () => signIn.mutate(undefined, { onSuccess: onDone });
  return (
    <Stack gap="md">
      <Text size="sm">{t("auth.prompt.keyHint")}</Text>
      {signIn.isError ? (
        isCeremonyFailure(signIn.error) ? (
          <HardwareFailure onRetry={run} />
        ) : (
          <AuthErrorAlert error={signIn.error} />
        )
      ) : null}
      <Button leftSection={<IconKey size={16} />} onClick={run} loading={signIn.isPending} fullWidth>
        {t("auth.prompt.useKey")}
      </Button>
    </Stack>
  );
}

/** Registers a new security key under a name. */
export function SecurityKeyEnroll({ onDone }: { onDone: Done }) {
  const t = useT();
  const register = useRegisterSecurityKey();
  const [name, setName] = useState(() => t("auth.enrollMethods.keyNameDefault"));
  const run = () => register.mutate(name.trim(), { onSuccess: onDone });
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) run();
  };
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t("auth.enrollMethods.keyHint")}</Text>
        <TextInput
          label={t("auth.enrollMethods.keyName")}
          value={name}
          maxLength={64}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        {register.isError ? (
          isCeremonyFailure(register.error) ? (
            <HardwareFailure onRetry={run} />
          ) : (
            <AuthErrorAlert error={register.error} />
          )
        ) : null}
        <Button type="submit" loading={register.isPending} disabled={!name.trim()}>
          {t("auth.enrollMethods.registerKey")}
        </Button>
      </Stack>
    </form>
  );
}

/** A code field with its submit button; the code is checked on blur without a message. */
function CodeForm({
  onSubmit,
  pending,
  error,
  submitLabel,
}: {
  onSubmit: (code: string) => void;
  pending: boolean;
  error: unknown;
  submitLabel: string;
}) {
  const [code, setCode] = useState("");
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isCodeWellFormed(code)) onSubmit(code.replace(/\s+/g, ""));
  };
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <MfaCodeInput value={code} onChange={setCode} autoFocus />
        <AuthErrorAlert error={error} />
        <Button type="submit" loading={pending} disabled={!isCodeWellFormed(code)} fullWidth>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}

/** Sign-in with a code sent by text message to the enrolled number. */
export function SmsSignIn({ onDone }: { onDone: Done }) {
  const t = useT();
  const send = useSmsSend();
  const verify = useSmsVerify();
  return (
    <Stack gap="md">
      <Text size="sm">
        {send.data ? t("auth.prompt.codeSent", { to: send.data.to }) : t("auth.prompt.smsHint")}
      </Text>
      {send.isError ? <AuthErrorAlert error={send.error} /> : null}
      {send.data ? (
        <CodeForm
          onSubmit={(code) => verify.mutate(code, { onSuccess: onDone })}
          pending={verify.isPending}
          error={verify.error}
          submitLabel={t("auth.verify.submit")}
        />
      ) : null}
      <Button
        variant={send.data ? "subtle" : "filled"}
        onClick={() => send.mutate()}
        loading={send.isPending}
      >
        {send.data ? t("auth.prompt.resendCode") : t("auth.prompt.sendCode")}
      </Button>
    </Stack>
  );
}

/** Adds a phone: a code is sent to it and typed back. */
export function SmsEnroll({ onDone }: { onDone: Done }) {
  const t = useT();
  const enroll = useSmsEnroll();
  const confirm = useSmsEnrollConfirm();
  const [phone, setPhone] = useState("");
  const handleSend = (event: FormEvent) => {
    event.preventDefault();
    if (phone.trim()) enroll.mutate(phone.trim());
  };
  return (
    <Stack gap="md">
      <form onSubmit={handleSend} noValidate>
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={t("auth.enrollMethods.phone")}
            description={t("auth.enrollMethods.phoneHint")}
            value={phone}
            type="tel"
            autoComplete="tel"
            onChange={(event) => setPhone(event.currentTarget.value)}
          />
          <Button type="submit" variant={enroll.data ? "default" : "filled"} loading={enroll.isPending}>
            {enroll.data ? t("auth.prompt.resendCode") : t("auth.enrollMethods.sendCode")}
          </Button>
        </Group>
      </form>
      <AuthErrorAlert error={enroll.error} />
      {enroll.data ? (
        <>
          <Text size="sm">{t("auth.prompt.codeSent", { to: enroll.data.to })}</Text>
          <CodeForm
            onSubmit={(code) => confirm.mutate(code, { onSuccess: onDone })}
            pending={confirm.isPending}
            error={confirm.error}
            submitLabel={t("auth.enrollMethods.confirm")}
          />
        </>
      ) : null}
    </Stack>
  );
}

/** Leaves for Duo; the answer comes back to the Duo page, which finishes the step. */
export function DuoStart({ enrolling = false }: { enrolling?: boolean }) {
  const t = useT();
  const start = useDuoStart();
  return (
    <Stack gap="md">
      <Text size="sm">{enrolling ? t("auth.enrollMethods.duoHint") : t("auth.prompt.duoHint")}</Text>
      <AuthErrorAlert error={start.error} />
      {start.isPending || start.isSuccess ? <LoadingState label={t("auth.prompt.duoWaiting")} /> : null}
      <Button onClick={() => start.mutate()} loading={start.isPending || start.isSuccess} fullWidth>
        {enrolling ? t("auth.enrollMethods.startDuo") : t("auth.prompt.useDuo")}
      </Button>
    </Stack>
  );
}
