import { useState, type FormEvent } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import { Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import { loginRequest } from "@steward/contracts";
import { clearError, validateWith, type FieldErrors } from "../../../lib/forms";
import { LoadingState } from "../../../ui";
import { useLogin, useSessionQuery, sessionDestination } from "../api";
import { AuthCard } from "../components/AuthCard";
import { AuthErrorAlert, LockoutAlert } from "../components/AuthErrorAlert";
import { LoginNotice } from "../components/LoginNotice";
import { useLockout } from "../components/use-lockout";
import { HOME_PATH, readAuthState } from "../navigation";

export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { notice, from } = readAuthState(location.state);
  const session = useSessionQuery();
  const login = useLogin();
  const lockout = useLockout();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitError, setSubmitError] = useState<unknown>(null);

  if (session.isPending) return <LoadingState />;
  if (session.data && !login.isPending) {
    const destination = sessionDestination(session.data);
    if (destination !== "/login")
      return <Navigate to={destination ?? from ?? HOME_PATH} replace state={{ from }} />;
  }

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = validateWith(loginRequest, { email, password });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setSubmitError(null);
    try {
      const next = await login.mutateAsync(result.data);
      lockout.clear();
      void navigate(sessionDestination(next) ?? from ?? HOME_PATH, { replace: true, state: { from } });
    } catch (error) {
      if (!lockout.record(error)) setSubmitError(error);
      else setSubmitError(null);
    }
  };

  return (
    <AuthCard title="Sign in" description="Sign in to the Steward console.">
      <LoginNotice kind={submitError || lockout.until ? undefined : notice} />
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setErrors((current) => clearError(current, "email"));
            }}
            error={errors.email}
            autoFocus
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setErrors((current) => clearError(current, "password"));
            }}
            error={errors.password}
          />
          {lockout.until !== null ? (
            <LockoutAlert until={lockout.until} />
          ) : (
            <AuthErrorAlert error={submitError} />
          )}
          <Button type="submit" loading={login.isPending} disabled={lockout.locked} fullWidth>
            Sign in
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
