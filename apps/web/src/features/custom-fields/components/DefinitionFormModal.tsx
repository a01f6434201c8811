import { useState } from "react";
import {
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  TextInput,
  Textarea,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { z } from "zod";
import { createCustomFieldRequest, type CustomFieldDefinition } from "@steward/contracts";
import {
  customFieldBehaviours,
  customFieldTypes,
  type CustomFieldBehaviour,
  type CustomFieldType,
} from "@steward/domain";
import { describeError } from "../../../api";
import { useT } from "../../../i18n";
import { applyServerErrors, useContractForm } from "../../../lib/forms";
import { FormError } from "../../../ui";
import { useCreateCustomField, useUpdateCustomField } from "../api";
import { behaviourText, typeText } from "./field-text";

/** "Warranty end" → "warrantyEnd": a technical name scripts can use. */
export function nameFromLabel(label: string): string {
  const words = label
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9 ]/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  const camel = words
    .map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1).toLowerCase()))
    .join("");
  const name = /^[A-Za-z]/.test(camel) ? camel : camel ? `f${camel}` : "";
  return name.slice(0, 64);
}

interface DefinitionFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The field to edit, or null for a new one in `scope`. */
  field: CustomFieldDefinition | null;
  scope: "GLOBAL" | "ROLE";
  roleId: number | null;
}

/** What the form holds: the request's fields, with number inputs that may be empty (""). */
interface DefinitionValues extends Record<string, unknown> {
  scope: "GLOBAL" | "ROLE";
  roleId: number | null;
  name: string;
  label: string;
  description: string;
  type: CustomFieldType;
  behaviour: CustomFieldBehaviour;
  options: { choices: string[]; min: number | string; max: number | string; decimals: number | string };
}

const isNumeric = (type: CustomFieldType) => type === "INTEGER" || type === "DECIMAL";
const hasChoices = (type: CustomFieldType) => type === "DROPDOWN" || type === "MULTI_SELECT";

/** The values as the request: only the options the type uses, empty numbers left out. */
function toRequest(values: DefinitionValues) {
  const { choices, min, max, decimals } = values.options;
  const numeric = isNumeric(values.type);
  return {
    ...values,
    options: {
      ...(hasChoices(values.type) ? { choices } : {}),
      ...(numeric && min !== "" ? { min: Number(min) } : {}),
      ...(numeric && max !== "" ? { max: Number(max) } : {}),
      ...(values.type === "DECIMAL" && decimals !== "" ? { decimals: Number(decimals) } : {}),
    },
  };
}

/**
 * The create request's rules over the form's values (an edit keeps name, type and scope, which
 * were checked when the field was created). An empty name is a missing value, not a bad one.
 */
const definitionSchema = z.preprocess(
  (values) => toRequest(values as DefinitionValues),
  z.intersection(z.object({ name: z.string().min(1) }), createCustomFieldRequest),
);

export function DefinitionFormModal(props: DefinitionFormModalProps) {
  const t = useT();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={
        props.field
          ? t("customFields.form.editTitle", { label: props.field.label })
          : t("customFields.form.newTitle")
      }
      size="lg"
    >
      {props.opened ? <DefinitionForm {...props} /> : null}
    </Modal>
  );
}

function DefinitionForm({ field, scope, roleId, onClose }: DefinitionFormModalProps) {
  const t = useT();
  const create = useCreateCustomField();
  const update = useUpdateCustomField(field?.id ?? 0);
  const mutation = field ? update : create;
  const form = useContractForm<DefinitionValues>(definitionSchema, {
    initialValues: {
      scope: field?.scope ?? scope,
      roleId: field ? field.roleId : scope === "ROLE" ? roleId : null,
      name: field?.name ?? "",
      label: field?.label ?? "",
      description: field?.description ?? "",
      type: field?.type ?? "TEXT",
      behaviour: field?.behaviour ?? "OPTIONAL",
      options: {
        choices: field?.options.choices ?? [],
        min: field?.options.min ?? "",
        max: field?.options.max ?? "",
        decimals: field?.options.decimals ?? "",
      },
    },
  });
  const [nameTouched, setNameTouched] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const { type } = form.getValues();

  const handleSubmit = (values: DefinitionValues) => {
    const request = createCustomFieldRequest.parse(toRequest(values));
    setSubmitError(null);
    const done = {
      onSuccess: () => {
        notifications.show({
          color: "teal",
          message: field ? t("customFields.form.saved") : t("customFields.form.created"),
        });
        onClose();
      },
      onError: (error: Error) => {
        applyServerErrors(form, error);
        setSubmitError(describeError(error));
      },
    };
    if (field) {
      const { label, description, behaviour, options } = request;
      update.mutate({ label, description, behaviour, options }, done);
    } else {
      create.mutate(request, done);
    }
  };

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={2}>
          <TextInput
            label={t("customFields.form.label")}
            required
            maxLength={200}
            {...form.getInputProps("label")}
            onChange={(event) => {
              const next = event.currentTarget.value;
              form.setFieldValue("label", next);
              if (!field && !nameTouched) form.setFieldValue("name", nameFromLabel(next));
            }}
          />
          <TextInput
            label={t("common.fields.name")}
            description={t("customFields.form.nameHelp")}
            required
            disabled={field !== null}
            maxLength={64}
            {...form.getInputProps("name")}
            onChange={(event) => {
              form.setFieldValue("name", event.currentTarget.value);
              setNameTouched(true);
            }}
          />
          <Select
            label={t("common.fields.type")}
            data={customFieldTypes.map((value) => ({ value, label: t(typeText[value]) }))}
            {...form.getInputProps("type")}
            allowDeselect={false}
            disabled={field !== null}
            onChange={(value) => form.setFieldValue("type", (value as CustomFieldType | null) ?? "TEXT")}
          />
          <Select
            label={t("customFields.form.behaviour")}
            data={customFieldBehaviours.map((value) => ({ value, label: t(behaviourText[value]) }))}
            {...form.getInputProps("behaviour")}
            allowDeselect={false}
            onChange={(value) =>
              form.setFieldValue("behaviour", (value as CustomFieldBehaviour | null) ?? "OPTIONAL")
            }
          />
        </SimpleGrid>
        <Textarea
          label={t("common.fields.description")}
          autosize
          minRows={2}
          maxLength={2000}
          {...form.getInputProps("description")}
        />
        {hasChoices(type) ? (
          <TagsInput
            label={t("customFields.form.choices")}
            description={t("customFields.form.choicesHelp")}
            {...form.getInputProps("options.choices")}
          />
        ) : null}
        {isNumeric(type) ? (
          <SimpleGrid cols={type === "DECIMAL" ? 3 : 2}>
            <NumberInput
              label={t("customFields.form.minimum")}
              {...form.getInputProps("options.min")}
              allowDecimal={type === "DECIMAL"}
            />
            <NumberInput
              label={t("customFields.form.maximum")}
              {...form.getInputProps("options.max")}
              allowDecimal={type === "DECIMAL"}
            />
            {type === "DECIMAL" ? (
              <NumberInput
                label={t("customFields.form.decimals")}
                min={0}
                max={10}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps("options.decimals")}
              />
            ) : null}
          </SimpleGrid>
        ) : null}
        <FormError message={submitError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("common.actions.cancel")}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {field ? t("common.actions.save") : t("customFields.form.create")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
