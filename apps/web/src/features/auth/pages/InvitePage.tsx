import { useState, type FormEvent } from "react";
import { useNavigate, useParams } from "react-router";
import { Button, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { PASSWORD_MIN_LENGTH, acceptInviteRequest } from "@steward/contracts";
import { ApiError } from "../../../api";
import { clearError, validateWith, type FieldErrors } from "../../../lib/forms";
import { ErrorState, LoadingState } from "../../../ui";
import { sessionDestination, useAcceptInvite, useInviteInfo } from "../api";
import { AuthCard } from "../components/AuthCard";
import { AuthErrorAlert, INVALID_INVITE } from "../components/AuthErrorAlert";

/** A technician's invite link: set a password, then MFA enrollment. */
export function InvitePage() {
  const { token = "" } = useParams();
  const navigate = useNavigate();
  const invite = useInviteInfo(token);
  const accept = useAcceptInvite(token);
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitError, setSubmitError] = useState<unknown>(null);

  if (invite.isPending) {
    return (
      <AuthCard title="Accept your invite">
        <LoadingState label="Checking your invite…" />
      </AuthCard>
    );
  }
  if (invite.isError) {
    // A malformed token (E_VALIDATION) is as unusable as an expired one.
    const invalid =
      invite.error instanceof ApiError &&
      ["E_INVITE_INVALID", "E_NOT_FOUND", "E_VALIDATION"].includes(invite.error.code);
    return (
      <AuthCard title="Accept your invite">
        {invalid ? (
          <Text>{INVALID_INVITE}</Text>
        ) : (
          <ErrorState
            title="Could not load the invite"
            error={invite.error}
            onRetry={() => void invite.refetch()}
          />
        )}
      </AuthCard>
    );
  }

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = validateWith(acceptInviteRequest, { password });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setSubmitError(null);
    try {
      const next = await accept.mutateAsync(result.data.password);
      const destination = sessionDestination(next) ?? "/";
      void navigate(destination, {
        replace: true,
        state: destination === "/login" ? { notice: "passwordSet" } : undefined,
      });
    } catch (error) {
      setSubmitError(error);
    }
  };

  const { email, firstName, lastName } = invite.data;
  return (
    <AuthCard
      title={`Welcome, ${firstName} ${lastName}`}
      description="You have been invited to the Steward console. Choose a password; you will set up two-factor authentication next."
    >
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <Stack gap="md">
          <TextInput label="Email" value={email} readOnly autoComplete="username" />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setErrors((current) => clearError(current, "password"));
            }}
            error={errors.password}
            autoFocus
          />
          <AuthErrorAlert error={submitError} />
          <Button type="submit" loading={accept.isPending} fullWidth>
            Set password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
