import { useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { Button, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { z } from "zod";
import { PASSWORD_MIN_LENGTH, setupRequest } from "@steward/contracts";
import { isApiError } from "../../../api";
import { useT } from "../../../i18n";
import { applyServerErrors, useContractForm } from "../../../lib/forms";
import { ErrorState, LoadingState } from "../../../ui";
import { sessionDestination, useSessionQuery, useSetup } from "../api";
import { AuthCard } from "../components/AuthCard";
import { AuthErrorAlert } from "../components/AuthErrorAlert";

type SetupValues = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  companyName: string;
};

const emptyForm: SetupValues = { firstName: "", lastName: "", email: "", password: "", companyName: "" };

/** The form's values as the setup request: a blank company name is no company name. */
function toRequest(values: SetupValues) {
  return { ...values, companyName: values.companyName.trim() === "" ? undefined : values.companyName };
}

const setupFormSchema = z.preprocess((values) => toRequest(values as SetupValues), setupRequest);

/** First run: creates the system administrator. Only reachable while the server says setup is required. */
export function SetupPage() {
  const t = useT();
  const navigate = useNavigate();
  const session = useSessionQuery();
  const setup = useSetup();
  const form = useContractForm<SetupValues>(setupFormSchema, { initialValues: emptyForm });
  const [submitError, setSubmitError] = useState<unknown>(null);

  if (session.isPending) return <LoadingState />;
  if (session.isError) {
    return (
      <AuthCard title={t("auth.routes.setup")}>
        <ErrorState
          title={t("auth.setup.unreachable")}
          error={session.error}
          onRetry={() => void session.refetch()}
        />
      </AuthCard>
    );
  }
  const setupRequired = session.data.state === "anonymous" && session.data.setupRequired;
  if (!setupRequired && !setup.isPending && !setup.isSuccess) {
    return <Navigate to={sessionDestination(session.data) ?? "/"} replace />;
  }

  const handleSubmit = async (values: SetupValues) => {
    setSubmitError(null);
    try {
      const next = await setup.mutateAsync(setupRequest.parse(toRequest(values)));
      const destination = sessionDestination(next);
      void navigate(destination ?? "/", {
        replace: true,
        state: destination === "/login" ? { notice: "setupDone" } : undefined,
      });
    } catch (error) {
      applyServerErrors(form, error);
      if (isApiError(error, "E_SETUP_ALREADY_DONE")) void session.refetch();
      setSubmitError(error);
    }
  };

  return (
    <AuthCard width={520} title={t("auth.routes.setup")} description={t("auth.setup.description")}>
      <form onSubmit={form.onSubmit((values) => void handleSubmit(values))} noValidate>
        <Stack gap="md">
          <Group grow align="flex-start">
            <TextInput
              label={t("auth.fields.firstName")}
              autoComplete="given-name"
              autoFocus
              {...form.getInputProps("firstName")}
            />
            <TextInput
              label={t("auth.fields.lastName")}
              autoComplete="family-name"
              {...form.getInputProps("lastName")}
            />
          </Group>
          <TextInput
            label={t("auth.fields.email")}
            type="email"
            autoComplete="email"
            {...form.getInputProps("email")}
          />
          <PasswordInput
            label={t("auth.fields.password")}
            autoComplete="new-password"
            description={t("auth.fields.passwordHelp", { min: PASSWORD_MIN_LENGTH })}
            {...form.getInputProps("password")}
          />
          <TextInput
            label={t("auth.fields.companyName")}
            autoComplete="organization"
            description={t("auth.setup.companyNameHelp")}
            {...form.getInputProps("companyName")}
          />
          <AuthErrorAlert error={submitError} />
          <Button type="submit" loading={setup.isPending} fullWidth>
            {t("auth.setup.submit")}
          </Button>
          <Text size="xs" c="dimmed">
            {t("auth.setup.onlyOnce")}
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
