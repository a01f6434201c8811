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
import type { CustomFieldDefinition } from "@steward/contracts";
import {
  CUSTOM_FIELD_NAME,
  customFieldBehaviours,
  customFieldTypeLabels,
  customFieldTypes,
  messages,
  type CustomFieldBehaviour,
  type CustomFieldType,
} from "@steward/domain";
import { describeError } from "../../../api";
import { FormError } from "../../../ui";
import { useCreateCustomField, useUpdateCustomField } from "../api";

export const behaviourLabels: Record<CustomFieldBehaviour, string> = {
  HIDDEN: "Hidden",
  OPTIONAL: "Optional",
  REQUIRED: "Required",
  READ_ONLY: "Read only",
  REQUIRED_TO_CREATE: "Required to create",
  REQUIRED_TO_RESOLVE: "Required to resolve",
};

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

export function DefinitionFormModal(props: DefinitionFormModalProps) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.field ? `Edit ${props.field.label}` : "New custom field"}
      size="lg"
    >
      {props.opened ? <DefinitionForm {...props} /> : null}
    </Modal>
  );
}

function DefinitionForm({ field, scope, roleId, onClose }: DefinitionFormModalProps) {
  const create = useCreateCustomField();
  const update = useUpdateCustomField(field?.id ?? 0);
  const mutation = field ? update : create;
  const [label, setLabel] = useState(field?.label ?? "");
  const [name, setName] = useState(field?.name ?? "");
  const [nameTouched, setNameTouched] = useState(false);
  const [description, setDescription] = useState(field?.description ?? "");
  const [type, setType] = useState<CustomFieldType>(field?.type ?? "TEXT");
  const [behaviour, setBehaviour] = useState<CustomFieldBehaviour>(field?.behaviour ?? "OPTIONAL");
  const [choices, setChoices] = useState<string[]>(field?.options.choices ?? []);
  const [min, setMin] = useState<string | number>(field?.options.min ?? "");
  const [max, setMax] = useState<string | number>(field?.options.max ?? "");
  const [decimals, setDecimals] = useState<string | number>(field?.options.decimals ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});

  const numeric = type === "INTEGER" || type === "DECIMAL";
  const withChoices = type === "DROPDOWN" || type === "MULTI_SELECT";

  const options = () => ({
    ...(withChoices ? { choices } : {}),
    ...(numeric && min !== "" ? { min: Number(min) } : {}),
    ...(numeric && max !== "" ? { max: Number(max) } : {}),
    ...(type === "DECIMAL" && decimals !== "" ? { decimals: Number(decimals) } : {}),
  });

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!label.trim()) found.label = messages.mandatory;
    if (!field && !CUSTOM_FIELD_NAME.test(name)) {
      found.name = name ? "Start with a letter; use letters, digits and _ (at most 64)" : messages.mandatory;
    }
    if (withChoices && choices.length === 0) found.choices = "Give at least one choice";
    if (numeric && min !== "" && max !== "" && Number(min) > Number(max)) {
      found.max = messages.numeric.greaterOrEqual(Number(min));
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const done = {
      onSuccess: () => {
        notifications.show({ color: "teal", message: field ? "Custom field saved" : "Custom field created" });
        onClose();
      },
    };
    if (field) {
      update.mutate(
        { label: label.trim(), description: description.trim(), behaviour, options: options() },
        done,
      );
    } else {
      create.mutate(
        {
          scope,
          roleId: scope === "ROLE" ? roleId : null,
          name,
          label: label.trim(),
          description: description.trim(),
          type,
          behaviour,
          options: options(),
        },
        done,
      );
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={2}>
          <TextInput
            label="Label"
            required
            maxLength={200}
            value={label}
            error={errors.label}
            onChange={(event) => {
              const next = event.currentTarget.value;
              setLabel(next);
              if (!field && !nameTouched) setName(nameFromLabel(next));
            }}
          />
          <TextInput
            label="Name"
            description="Scripts and the API use this name"
            required
            disabled={field !== null}
            maxLength={64}
            value={name}
            error={errors.name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setNameTouched(true);
            }}
          />
          <Select
            label="Type"
            data={customFieldTypes.map((t) => ({ value: t, label: customFieldTypeLabels[t] }))}
            value={type}
            allowDeselect={false}
            disabled={field !== null}
            onChange={(value) => setType((value as CustomFieldType | null) ?? "TEXT")}
          />
          <Select
            label="Behaviour"
            data={customFieldBehaviours.map((b) => ({ value: b, label: behaviourLabels[b] }))}
            value={behaviour}
            allowDeselect={false}
            onChange={(value) => setBehaviour((value as CustomFieldBehaviour | null) ?? "OPTIONAL")}
          />
        </SimpleGrid>
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxLength={2000}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        {withChoices ? (
          <TagsInput
            label="Choices"
            description="Press Enter after each choice"
            value={choices}
            onChange={setChoices}
            error={errors.choices}
          />
        ) : null}
        {numeric ? (
          <SimpleGrid cols={type === "DECIMAL" ? 3 : 2}>
            <NumberInput label="Minimum" value={min} onChange={setMin} allowDecimal={type === "DECIMAL"} />
            <NumberInput
              label="Maximum"
              value={max}
              onChange={setMax}
              allowDecimal={type === "DECIMAL"}
              error={errors.max}
            />
            {type === "DECIMAL" ? (
              <NumberInput
                label="Decimal places"
                min={0}
                max={10}
                allowDecimal={false}
                allowNegative={false}
                value={decimals}
                onChange={setDecimals}
              />
            ) : null}
          </SimpleGrid>
        ) : null}
        <FormError message={mutation.isError ? describeError(mutation.error) : null} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {field ? "Save" : "Create field"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
