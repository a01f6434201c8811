import { useState, type ChangeEvent, type FormEvent } from "react";
import { Navigate, useNavigate } from "react-router";
import { Button, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { PASSWORD_MIN_LENGTH, setupRequest } from "@steward/contracts";
import { isApiError } from "../../../api";
import { clearError, serverFieldErrors, validateWith, type FieldErrors } from "../../../lib/forms";
import { ErrorState, LoadingState } from "../../../ui";
import { sessionDestination, useSessionQuery, useSetup } from "../api";
import { AuthCard } from "../components/AuthCard";
import { AuthErrorAlert } from "../components/AuthErrorAlert";

const emptyForm = { firstName: "", lastName: "", email: "", password: "", companyName: "" };

/** First run: creates the system administrator. Only reachable while the server says setup is required. */
export function SetupPage() {
  const navigate = useNavigate();
  const session = useSessionQuery();
  const setup = useSetup();
  const [form, setForm] = useState(emptyForm);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitError, setSubmitError] = useState<unknown>(null);

  if (session.isPending) return <LoadingState />;
  if (session.isError) {
    return (
      <AuthCard title="Set up Steward">
        <ErrorState
          title="Could not reach the server"
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

  const field = (name: keyof typeof emptyForm) => ({
    value: form[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setForm((current) => ({ ...current, [name]: value }));
      setErrors((current) => clearError(current, name));
    },
    error: errors[name],
  });

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const values = { ...form, companyName: form.companyName.trim() === "" ? undefined : form.companyName };
    const result = validateWith(setupRequest, values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setSubmitError(null);
    try {
      const next = await setup.mutateAsync(result.data);
      const destination = sessionDestination(next);
      void navigate(destination ?? "/", {
        replace: true,
        state: destination === "/login" ? { notice: "setupDone" } : undefined,
      });
    } catch (error) {
      if (isApiError(error, "E_VALIDATION")) setErrors(serverFieldErrors(error.details));
      if (isApiError(error, "E_SETUP_ALREADY_DONE")) void session.refetch();
      setSubmitError(error);
    }
  };

  return (
    <AuthCard
      width={520}
      title="Set up Steward"
      description="Create the system administrator account. You will set up multi-factor authentication next."
    >
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <Stack gap="md">
          <Group grow align="flex-start">
            <TextInput label="First name" autoComplete="given-name" autoFocus {...field("firstName")} />
            <TextInput label="Last name" autoComplete="family-name" {...field("lastName")} />
          </Group>
          <TextInput label="Email" type="email" autoComplete="email" {...field("email")} />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
            {...field("password")}
          />
          <TextInput
            label="Company name"
            autoComplete="organization"
            description="Your MSP or IT department; shown in the console and in invites."
            {...field("companyName")}
          />
          <AuthErrorAlert error={submitError} />
          <Button type="submit" loading={setup.isPending} fullWidth>
            Create administrator
          </Button>
          <Text size="xs" c="dimmed">
            This page is available only until the first system administrator exists.
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
