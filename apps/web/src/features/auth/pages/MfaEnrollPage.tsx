import { useEffect, useRef, useState, type FormEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { Anchor, Button, Group, SegmentedControl, Stack, Stepper, Text } from "@mantine/core";
import type { MfaCompletedResponse, MfaFactorType } from "@steward/contracts";
import { isApiError } from "../../../api";
import { useT } from "../../../i18n";
import { ErrorState, LoadingState } from "../../../ui";
import {
  refreshSession,
  sessionDestination,
  useLogout,
  useSessionQuery,
  useTotpConfirm,
  useTotpEnroll,
} from "../api";
import { AuthCard } from "../components/AuthCard";
import { SessionRedirect } from "../components/SessionRedirect";
import { AuthErrorAlert, LockoutAlert } from "../components/AuthErrorAlert";
import { MfaCodeInput, isCodeWellFormed } from "../components/MfaCodeInput";
import { RecoveryCodesPanel } from "../components/RecoveryCodesPanel";
import { TotpSecretPanel } from "../components/TotpSecretPanel";
import { useLockout } from "../components/use-lockout";
import { DuoStart, SecurityKeyEnroll, SmsEnroll } from "../components/FactorPanels";
import { useMfaFactors } from "../mfa-api";
import { readAuthState } from "../navigation";

const AFTER_ENROLLMENT = "/getStarted";

/**
 * Mandatory second-factor enrollment (authenticator app by default; a security key, a phone or
 * Duo where offered): nothing else is reachable until it is done.
 */
export function MfaEnrollPage() {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { from } = readAuthState(location.state);
  const session = useSessionQuery();
  const enroll = useTotpEnroll();
  const confirm = useTotpConfirm();
  const logout = useLogout();
  const lockout = useLockout();
  const [code, setCode] = useState("");
  const [confirmError, setConfirmError] = useState<unknown>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [continuing, setContinuing] = useState(false);
  const started = useRef(false);
  const [method, setMethod] = useState<MfaFactorType>("TOTP");
  const factors = useMfaFactors();
  const available = factors.data?.available ?? [];

  const inEnrollment = session.data?.state === "mfa-enrollment";
  const startEnrollment = enroll.mutate;
  useEffect(() => {
    // Once per visit (refs survive StrictMode's effect replay): each call issues a new secret.
    if (inEnrollment && !started.current) {
      started.current = true;
      startEnrollment();
    }
  }, [inEnrollment, startEnrollment]);

  if (session.isPending) return <LoadingState />;
  if (session.data && !inEnrollment && recoveryCodes === null && !confirm.isPending) {
    return <SessionRedirect session={session.data} from={from ?? AFTER_ENROLLMENT} />;
  }

  const handleConfirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!isCodeWellFormed(code) || lockout.locked) return;
    setConfirmError(null);
    try {
      const result = await confirm.mutateAsync(code.replace(/\s+/g, ""));
      setRecoveryCodes(result.recoveryCodes);
    } catch (error) {
      setCode("");
      if (isApiError(error, "E_MFA_ENROLLMENT_NOT_STARTED")) enroll.mutate();
      if (!lockout.record(error)) setConfirmError(error);
    }
  };

  const otherDone = (result: MfaCompletedResponse) => {
    if (result.recoveryCodes) setRecoveryCodes(result.recoveryCodes);
    else void handleContinue();
  };

  const handleContinue = async () => {
    setContinuing(true);
    try {
      const next = await refreshSession(queryClient);
      void navigate(sessionDestination(next) ?? from ?? AFTER_ENROLLMENT, { replace: true });
    } finally {
      setContinuing(false);
    }
  };

  // The guard above then goes to sign-in with the "signed out" notice.
  const handleSignOut = () => logout.mutateAsync().catch(() => undefined);

  return (
    <AuthCard
      width={640}
      title={t("auth.routes.enroll")}
      description={t("auth.enroll.description")}
      languagePicker={recoveryCodes === null}
    >
      <Stepper active={recoveryCodes ? 1 : 0} size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label={t("auth.enroll.appStep")} description={t("auth.enroll.appStepHint")}>
          <Stack gap="md" mt="md">
            {available.length > 1 ? (
              <Stack gap="xs">
                <Text size="sm">{t("auth.enrollMethods.choose")}</Text>
                <SegmentedControl
                  fullWidth
                  aria-label={t("auth.prompt.method")}
                  value={method}
                  onChange={(value) => setMethod(value as MfaFactorType)}
                  data={available.map((type) => ({ value: type, label: t(`auth.prompt.methods.${type}`) }))}
                />
              </Stack>
            ) : null}
            {method === "U2F" ? (
              <SecurityKeyEnroll onDone={otherDone} />
            ) : method === "SMS" ? (
              <SmsEnroll onDone={otherDone} />
            ) : method === "DUO" ? (
              <DuoStart enrolling />
            ) : enroll.isError ? (
              <ErrorState
                title={t("auth.enroll.startError")}
                error={enroll.error}
                onRetry={() => enroll.mutate()}
              />
            ) : enroll.data ? (
              <>
                <TotpSecretPanel enrollment={enroll.data} />
                <form onSubmit={(event) => void handleConfirm(event)} noValidate>
                  <Stack gap="sm">
                    <Text size="sm">{t("auth.enroll.confirmStep")}</Text>
                    <Group align="flex-end" wrap="nowrap">
                      <div style={{ flex: 1 }}>
                        <MfaCodeInput value={code} onChange={setCode} disabled={lockout.locked} />
                      </div>
                      <Button
                        type="submit"
                        loading={confirm.isPending}
                        disabled={!isCodeWellFormed(code) || lockout.locked}
                      >
                        {t("common.actions.confirm")}
                      </Button>
                    </Group>
                    {lockout.until !== null ? (
                      <LockoutAlert until={lockout.until} />
                    ) : (
                      <AuthErrorAlert error={confirmError} />
                    )}
                  </Stack>
                </form>
              </>
            ) : (
              <LoadingState label={t("auth.enroll.creating")} />
            )}
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t("auth.enroll.codesStep")} description={t("auth.enroll.codesStepHint")}>
          {recoveryCodes ? (
            <Stack mt="md">
              <RecoveryCodesPanel
                codes={recoveryCodes}
                onContinue={() => void handleContinue()}
                continuing={continuing}
              />
            </Stack>
          ) : null}
        </Stepper.Step>
      </Stepper>
      {recoveryCodes ? null : (
        <Text size="sm" c="dimmed" ta="center">
          <Anchor component="button" type="button" size="sm" onClick={() => void handleSignOut()}>
            {t("auth.signOut")}
          </Anchor>
        </Text>
      )}
    </AuthCard>
  );
}
