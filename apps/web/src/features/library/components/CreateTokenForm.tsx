import { useState } from "react";
import { Button, Group, NumberInput, Select, Stack, TextInput } from "@mantine/core";
import { IconKey } from "@tabler/icons-react";
import { z } from "zod";
import { createEnrollmentTokenRequest, type EnrollmentTokenSecret } from "@steward/contracts";
import { describeError } from "../../../api";
import { useT, type MessageKey } from "../../../i18n";
import { applyServerErrors, useContractForm } from "../../../lib/forms";
import { FormError } from "../../../ui";
import { useCreateEnrollmentToken } from "../api";

/** How long a new token stays valid, in hours. */
const expiryChoices: { value: string; label: MessageKey }[] = [
  { value: "24", label: "library.createToken.expiry.day" },
  { value: "168", label: "library.createToken.expiry.week" },
  { value: "720", label: "library.createToken.expiry.month" },
  { value: "2160", label: "library.createToken.expiry.quarter" },
  { value: "8760", label: "library.createToken.expiry.year" },
];

interface TokenValues extends Record<string, unknown> {
  name: string;
  expiresInHours: string;
  maxUses: string | number;
}

/** The request the form's values make for a location (an empty maximum: any number of devices). */
const requestOf = (values: TokenValues, locationId: number | null) => ({
  locationId,
  name: values.name,
  expiresInHours: Number(values.expiresInHours),
  maxUses: values.maxUses === "" ? null : Number(values.maxUses),
});

interface CreateTokenFormProps {
  organizationId: number;
  locationId: number | null;
  onCreated: (secret: EnrollmentTokenSecret) => void;
}

/** Name, lifetime and use limit of a new enrollment token for the chosen location. */
export function CreateTokenForm({ organizationId, locationId, onCreated }: CreateTokenFormProps) {
  const t = useT();
  const create = useCreateEnrollmentToken(organizationId);
  const schema = z.preprocess(
    (values) => requestOf(values as TokenValues, locationId),
    createEnrollmentTokenRequest,
  );
  const form = useContractForm<TokenValues>(schema, {
    initialValues: { name: "", expiresInHours: "168", maxUses: "" },
  });
  const [submitError, setSubmitError] = useState<string | null>(null);

  const handleSubmit = (values: TokenValues) => {
    if (locationId === null) return;
    setSubmitError(null);
    create.mutate(createEnrollmentTokenRequest.parse(requestOf(values, locationId)), {
      onSuccess: onCreated,
      onError: (error) => {
        if (!applyServerErrors(form, error)) setSubmitError(describeError(error));
      },
    });
  };

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} aria-label={t("library.createToken.formName")} noValidate>
      <Stack gap="sm">
        <Group grow align="flex-start">
          <TextInput
            label={t("library.createToken.tokenName")}
            description={t("library.createToken.tokenNameHelp")}
            maxLength={100}
            {...form.getInputProps("name")}
          />
          <Select
            label={t("library.createToken.validFor")}
            description={t("library.createToken.validForHelp")}
            data={expiryChoices.map((choice) => ({ value: choice.value, label: t(choice.label) }))}
            allowDeselect={false}
            {...form.getInputProps("expiresInHours")}
            onChange={(value) => form.setFieldValue("expiresInHours", value ?? "168")}
          />
          <NumberInput
            label={t("library.createToken.maxDevices")}
            description={t("library.createToken.maxDevicesHelp")}
            min={1}
            max={100000}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps("maxUses")}
          />
        </Group>
        <FormError message={submitError} />
        <Group>
          <Button
            type="submit"
            leftSection={<IconKey size={16} />}
            loading={create.isPending}
            disabled={locationId === null}
          >
            {t("library.createToken.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
