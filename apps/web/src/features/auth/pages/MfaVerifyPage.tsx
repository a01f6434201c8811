import { useState, type FormEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { Anchor, Button, SegmentedControl, Stack, Text, TextInput } from "@mantine/core";
import { mfaVerifyRequest, type MfaCompletedResponse, type MfaFactorType } from "@steward/contracts";
import { useT } from "../../../i18n";
import { LoadingState } from "../../../ui";
import { sessionDestination, useLogout, useMfaVerify, useSessionQuery } from "../api";
import { AuthCard } from "../components/AuthCard";
import { SessionRedirect } from "../components/SessionRedirect";
import { AuthErrorAlert, LockoutAlert } from "../components/AuthErrorAlert";
import { MfaCodeInput, isCodeWellFormed } from "../components/MfaCodeInput";
import { useLockout } from "../components/use-lockout";
import { DuoStart, SecurityKeySignIn, SmsSignIn } from "../components/FactorPanels";
import { HOME_PATH, readAuthState } from "../navigation";

/**
 * Every sign-in asks for the second factor here: the user picks one of the factors they hold
 * (authenticator app, security key, text message, Duo) or uses a one-time recovery code.
 */
export function MfaVerifyPage() {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const { from } = readAuthState(location.state);
  const session = useSessionQuery();
  const verify = useMfaVerify();
  const logout = useLogout();
  const lockout = useLockout();
  const [mode, setMode] = useState<"code" | "recovery">("code");
  const [chosen, setChosen] = useState<MfaFactorType | null>(null);
  const [code, setCode] = useState("");
  const [recoveryCode, setRecoveryCode] = useState("");
  const [submitError, setSubmitError] = useState<unknown>(null);

  if (session.isPending) return <LoadingState />;
  if (session.data && session.data.state !== "mfa-verification" && !verify.isPending) {
    return <SessionRedirect session={session.data} from={from} />;
  }

  const offered = session.data?.state === "mfa-verification" ? session.data.factors : [];
  const method: MfaFactorType = chosen ?? offered[0] ?? "TOTP";
  const finished = (result: MfaCompletedResponse) =>
    void navigate(sessionDestination(result.session) ?? from ?? HOME_PATH, { replace: true });

  const body = mode === "code" ? { code } : { recoveryCode };
  const wellFormed = mode === "code" ? isCodeWellFormed(code) : mfaVerifyRequest.safeParse(body).success;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = mfaVerifyRequest.safeParse(body);
    if (!parsed.success || lockout.locked) return;
    setSubmitError(null);
    try {
      const next = await verify.mutateAsync(parsed.data);
      void navigate(sessionDestination(next) ?? from ?? HOME_PATH, { replace: true });
    } catch (error) {
      if (!lockout.record(error)) setSubmitError(error);
      else setSubmitError(null);
      setCode("");
    }
  };

  // The guard above then goes to sign-in with the "signed out" notice.
  const handleSignOut = () => logout.mutateAsync().catch(() => undefined);

  return (
    <AuthCard
      title={t("auth.routes.verify")}
      description={
        mode === "recovery"
          ? t("auth.verify.recoveryHint")
          : method === "TOTP"
            ? t("auth.verify.codeHint")
            : undefined
      }
    >
      {offered.length > 1 && mode === "code" ? (
        <SegmentedControl
          fullWidth
          aria-label={t("auth.prompt.method")}
          value={method}
          onChange={(value) => {
            setChosen(value as MfaFactorType);
            setSubmitError(null);
          }}
          data={offered.map((type) => ({ value: type, label: t(`auth.prompt.methods.${type}`) }))}
        />
      ) : null}
      {mode === "code" && method === "U2F" ? <SecurityKeySignIn onDone={finished} /> : null}
      {mode === "code" && method === "SMS" ? <SmsSignIn onDone={finished} /> : null}
      {mode === "code" && method === "DUO" ? <DuoStart /> : null}
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <Stack gap="md">
          {mode === "code" && method !== "TOTP" ? null : (
            <>
              {mode === "code" ? (
                <MfaCodeInput value={code} onChange={setCode} autoFocus disabled={lockout.locked} />
              ) : (
                <TextInput
                  label={t("auth.verify.recoveryCode")}
                  value={recoveryCode}
                  onChange={(event) => setRecoveryCode(event.currentTarget.value)}
                  autoComplete="off"
                  autoFocus
                  disabled={lockout.locked}
                />
              )}
              {lockout.until !== null ? (
                <LockoutAlert until={lockout.until} />
              ) : (
                <AuthErrorAlert error={submitError} />
              )}
              <Button
                type="submit"
                loading={verify.isPending}
                disabled={!wellFormed || lockout.locked}
                fullWidth
              >
                {t("auth.verify.submit")}
              </Button>
            </>
          )}
          <Stack gap={4} align="center">
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => {
                setMode(mode === "code" ? "recovery" : "code");
                setSubmitError(null);
              }}
            >
              {mode === "code"
                ? t("auth.verify.useRecovery")
                : method === "TOTP"
                  ? t("auth.verify.useApp")
                  : t(`auth.prompt.methods.${method}`)}
            </Anchor>
            <Text size="sm" c="dimmed">
              {t.rich("auth.verify.notYou", {
                signOut: (chunks) => (
                  <Anchor component="button" type="button" size="sm" onClick={() => void handleSignOut()}>
                    {chunks}
                  </Anchor>
                ),
              })}
            </Text>
          </Stack>
        </Stack>
      </form>
    </AuthCard>
  );
}
