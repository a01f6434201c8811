import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { Button, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { PASSWORD_MIN_LENGTH, acceptInviteRequest } from "@steward/contracts";
import { ApiError } from "../../../api";
import { useT } from "../../../i18n";
import { useContractForm } from "../../../lib/forms";
import { ErrorState, LoadingState } from "../../../ui";
import { sessionDestination, useAcceptInvite, useInviteInfo } from "../api";
import { AuthCard } from "../components/AuthCard";
import { AuthErrorAlert } from "../components/AuthErrorAlert";

/** A technician's invite link: set a password, then MFA enrollment. */
export function InvitePage() {
  const t = useT();
  const { token = "" } = useParams();
  const navigate = useNavigate();
  const invite = useInviteInfo(token);
  const accept = useAcceptInvite(token);
  const form = useContractForm<{ password: string }>(acceptInviteRequest, {
    initialValues: { password: "" },
  });
  const [submitError, setSubmitError] = useState<unknown>(null);

  if (invite.isPending) {
    return (
      <AuthCard title={t("auth.invite.title")}>
        <LoadingState label={t("auth.invite.checking")} />
      </AuthCard>
    );
  }
  if (invite.isError) {
    // A malformed token (E_VALIDATION) is as unusable as an expired one.
    const invalid =
      invite.error instanceof ApiError &&
      ["E_INVITE_INVALID", "E_NOT_FOUND", "E_VALIDATION"].includes(invite.error.code);
    return (
      <AuthCard title={t("auth.invite.title")}>
        {invalid ? (
          <Text>{t("auth.errors.invalidInvite")}</Text>
        ) : (
          <ErrorState
            title={t("auth.invite.loadError")}
            error={invite.error}
            onRetry={() => void invite.refetch()}
          />
        )}
      </AuthCard>
    );
  }

  const handleSubmit = async ({ password }: { password: string }) => {
    setSubmitError(null);
    try {
      const next = await accept.mutateAsync(password);
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
      title={t("auth.invite.welcome", { firstName, lastName })}
      description={t("auth.invite.description")}
    >
      <form onSubmit={form.onSubmit((values) => void handleSubmit(values))} noValidate>
        <Stack gap="md">
          <TextInput label={t("auth.fields.email")} value={email} readOnly autoComplete="username" />
          <PasswordInput
            label={t("auth.fields.password")}
            autoComplete="new-password"
            description={t("auth.fields.passwordHelp", { min: PASSWORD_MIN_LENGTH })}
            {...form.getInputProps("password")}
            autoFocus
          />
          <AuthErrorAlert error={submitError} />
          <Button type="submit" loading={accept.isPending} fullWidth>
            {t("auth.invite.submit")}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
