import { useEffect, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Alert, Anchor, Stack } from "@mantine/core";
import { useT } from "../../../i18n";
import { LoadingState } from "../../../ui";
import { refreshSession, sessionDestination } from "../api";
import { RecoveryCodesPanel } from "../components/RecoveryCodesPanel";
import { useDuoComplete } from "../mfa-api";
import { AuthCard } from "../components/AuthCard";
import { AuthErrorAlert } from "../components/AuthErrorAlert";
import { HOME_PATH } from "../navigation";

/** Duo sends the browser back here with its state and code (or an error); the step finishes here. */
export function DuoCallbackPage() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const complete = useDuoComplete();
  const sent = useRef(false);
  const state = params.get("state");
  const code = params.get("duo_code") ?? params.get("code");
  const error = params.get("error");
  const run = complete.mutate;
  const queryClient = useQueryClient();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [continuing, setContinuing] = useState(false);
  const handleContinue = async () => {
    setContinuing(true);
    try {
      const next = await refreshSession(queryClient);
      void navigate(sessionDestination(next) ?? HOME_PATH, { replace: true });
    } finally {
      setContinuing(false);
    }
  };

  useEffect(() => {
    // Once per visit (the state works only once).
    if (sent.current || !state) return;
    sent.current = true;
    run(
      { state, ...(code ? { code } : {}), ...(error ? { error: error.slice(0, 200) } : {}) },
      {
        onSuccess: (result) => {
          // A first factor brings recovery codes: shown once before moving on.
          if (result.recoveryCodes) setRecoveryCodes(result.recoveryCodes);
          else void navigate(sessionDestination(result.session) ?? HOME_PATH, { replace: true });
        },
      },
    );
  }, [state, code, error, run, navigate]);

  return (
    <AuthCard title={t("auth.routesExtra.duo")}>
      <Stack gap="md">
        {recoveryCodes ? (
          <RecoveryCodesPanel
            codes={recoveryCodes}
            onContinue={() => void handleContinue()}
            continuing={continuing}
          />
        ) : !state ? (
          <Alert color="red" role="alert">
            {t("auth.prompt.duoMissing")}
          </Alert>
        ) : complete.isError ? (
          <AuthErrorAlert error={complete.error} />
        ) : (
          <LoadingState label={t("auth.prompt.duoWaiting")} />
        )}
        {!state || complete.isError ? (
          <Anchor component={Link} to="/mfa/verify" size="sm" ta="center">
            {t("auth.prompt.duoBack")}
          </Anchor>
        ) : null}
      </Stack>
    </AuthCard>
  );
}
