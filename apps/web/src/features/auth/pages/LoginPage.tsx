import { useState } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import { Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import { loginRequest, type LoginRequest } from "@steward/contracts";
import { useT } from "../../../i18n";
import { useContractForm } from "../../../lib/forms";
import { LoadingState } from "../../../ui";
import { useLogin, useSessionQuery, sessionDestination } from "../api";
import { AuthCard } from "../components/AuthCard";
import { AuthErrorAlert, LockoutAlert } from "../components/AuthErrorAlert";
import { LoginNotice } from "../components/LoginNotice";
import { useLockout } from "../components/use-lockout";
import { HOME_PATH, readAuthState } from "../navigation";
import { SsoSignInSection } from "../../sso";

export function LoginPage() {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const { notice, from } = readAuthState(location.state);
  const session = useSessionQuery();
  const login = useLogin();
  const lockout = useLockout();
  const form = useContractForm<LoginRequest>(loginRequest, { initialValues: { email: "", password: "" } });
  const [submitError, setSubmitError] = useState<unknown>(null);

  if (session.isPending) return <LoadingState />;
  if (session.data && !login.isPending) {
    const destination = sessionDestination(session.data);
    if (destination !== "/login")
      return <Navigate to={destination ?? from ?? HOME_PATH} replace state={{ from }} />;
  }

  const handleSubmit = async (values: LoginRequest) => {
    setSubmitError(null);
    try {
      const next = await login.mutateAsync(loginRequest.parse(values));
      lockout.clear();
      void navigate(sessionDestination(next) ?? from ?? HOME_PATH, { replace: true, state: { from } });
    } catch (error) {
      if (!lockout.record(error)) setSubmitError(error);
      else setSubmitError(null);
    }
  };

  return (
    <AuthCard title={t("auth.routes.login")} description={t("auth.login.description")}>
      <LoginNotice kind={submitError || lockout.until ? undefined : notice} />
      <form onSubmit={form.onSubmit((values) => void handleSubmit(values))} noValidate>
        <Stack gap="md">
          <TextInput
            label={t("auth.fields.email")}
            type="email"
            autoComplete="username"
            {...form.getInputProps("email")}
            autoFocus
          />
          <PasswordInput
            label={t("auth.fields.password")}
            autoComplete="current-password"
            {...form.getInputProps("password")}
          />
          {lockout.until !== null ? (
            <LockoutAlert until={lockout.until} />
          ) : (
            <AuthErrorAlert error={submitError} />
          )}
          <Button type="submit" loading={login.isPending} disabled={lockout.locked} fullWidth>
            {t("auth.login.submit")}
          </Button>
        </Stack>
      </form>
      <SsoSignInSection />
    </AuthCard>
  );
}
