import { useState } from "react";
import {
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconFilter } from "@tabler/icons-react";
import { z } from "zod";
import {
  createDynamicPolicyRequest,
  type DeviceClassCode,
  type DeviceCriteria,
  type DynamicPolicySection,
  type DynamicPolicyView,
} from "@steward/contracts";
import { deviceClasses, policySections, type DeviceClass, type PolicySection } from "@steward/domain";
import { describeError } from "../../../api";
import { useT } from "../../../i18n";
import { applyServerErrors, useContractForm } from "../../../lib/forms";
import { FormError } from "../../../ui";
import { CriteriaDrawer, useCriteriaText } from "../../devices";
import { ConditionsSection, SectionItems, useDeviceClassLabel } from "../../policies";
import { useSaveDynamicPolicy } from "../api";
import { sectionTitle } from "../texts";

interface Values extends Record<string, unknown> {
  name: string;
  description: string;
  deviceClass: DeviceClassCode;
  enabled: boolean;
  criteria: DeviceCriteria;
  sections: Record<string, DynamicPolicySection>;
}

/** The form's values as the contract checks them (the same rules the server applies). */
const formSchema = z.object({
  name: createDynamicPolicyRequest.shape.name,
  description: createDynamicPolicyRequest.shape.description,
  deviceClass: createDynamicPolicyRequest.shape.deviceClass,
  enabled: z.boolean(),
  criteria: createDynamicPolicyRequest.shape.criteria,
  sections: createDynamicPolicyRequest.shape.sections,
});

interface DynamicPolicyFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** null: a new dynamic policy. */
  policy: DynamicPolicyView | null;
  /** The class a new one is for (the list's class). */
  deviceClass: DeviceClassCode;
  readOnly: boolean;
}

export function DynamicPolicyFormModal({
  opened,
  onClose,
  policy,
  deviceClass,
  readOnly,
}: DynamicPolicyFormModalProps) {
  const t = useT();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={
        policy
          ? t("dynamicPolicies.form.editTitle", { name: policy.name })
          : t("dynamicPolicies.form.newTitle")
      }
    >
      {opened ? (
        <DynamicPolicyForm policy={policy} deviceClass={deviceClass} readOnly={readOnly} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function DynamicPolicyForm({
  policy,
  deviceClass,
  readOnly,
  onClose,
}: Omit<DynamicPolicyFormModalProps, "opened">) {
  const t = useT();
  const save = useSaveDynamicPolicy();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [criteriaOpen, setCriteriaOpen] = useState(false);
  const criteriaText = useCriteriaText();
  const deviceClassLabel = useDeviceClassLabel();
  const form = useContractForm<Values>(formSchema, {
    initialValues: {
      name: policy?.name ?? "",
      description: policy?.description ?? "",
      deviceClass: policy?.deviceClass ?? deviceClass,
      enabled: policy?.enabled ?? true,
      criteria: policy?.criteria ?? {},
      sections: policy?.sections ?? {},
    },
  });
  const values = form.getValues();

  const setSection = (key: string, next: DynamicPolicySection) =>
    form.setFieldValue("sections", { ...form.getValues().sections, [key]: next });

  const handleSubmit = (v: Values) => {
    setSubmitError(null);
    const done = {
      onSuccess: () => {
        notifications.show({
          color: "teal",
          message: policy ? t("dynamicPolicies.form.saved") : t("dynamicPolicies.form.created"),
        });
        onClose();
      },
      onError: (error: unknown) => {
        if (!applyServerErrors(form, error)) setSubmitError(describeError(error));
      },
    };
    const { deviceClass: chosenClass, ...rest } = v;
    if (policy) save.mutate({ id: policy.id, body: rest }, done);
    else save.mutate({ id: null, body: { ...rest, deviceClass: chosenClass } }, done);
  };

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack gap="sm">
        <Group grow align="flex-start">
          <TextInput
            label={t("common.fields.name")}
            required
            maxLength={100}
            disabled={readOnly}
            {...form.getInputProps("name")}
          />
          <Select
            label={t("dynamicPolicies.list.deviceClass")}
            allowDeselect={false}
            disabled={readOnly || policy !== null}
            data={deviceClasses.map((value) => ({ value, label: deviceClassLabel(value) }))}
            {...form.getInputProps("deviceClass")}
          />
        </Group>
        <Textarea
          label={t("common.fields.description")}
          autosize
          minRows={2}
          maxLength={2000}
          disabled={readOnly}
          {...form.getInputProps("description")}
        />
        <Switch
          label={t("dynamicPolicies.form.enabled")}
          description={t("dynamicPolicies.form.enabledHelp")}
          disabled={readOnly}
          {...form.getInputProps("enabled", { type: "checkbox" })}
        />
        <Paper withBorder radius="md" p="md">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2}>
              <Text fw={500} size="sm">
                {t("dynamicPolicies.form.criteria")}
              </Text>
              <Text size="sm" data-testid="dynamic-policy-criteria">
                {criteriaText(values.criteria)}
              </Text>
              <Text size="xs" c="dimmed">
                {t("dynamicPolicies.form.criteriaHelp", {
                  deviceClass: deviceClassLabel(values.deviceClass),
                })}
              </Text>
              {form.errors.criteria ? (
                <Text size="xs" c="red">
                  {form.errors.criteria}
                </Text>
              ) : null}
            </Stack>
            {!readOnly ? (
              <Button
                variant="default"
                leftSection={<IconFilter size={16} />}
                onClick={() => setCriteriaOpen(true)}
              >
                {t("dynamicPolicies.form.editCriteria")}
              </Button>
            ) : null}
          </Group>
        </Paper>
        <Text fw={500} size="sm">
          {t("dynamicPolicies.form.sections")}
        </Text>
        <Text size="xs" c="dimmed">
          {t("dynamicPolicies.form.sectionsHelp")}
        </Text>
        {policySections.list().map((section) => (
          <SectionEditor
            key={section.key}
            section={section}
            value={values.sections[section.key] ?? { configure: false, items: {} }}
            deviceClass={values.deviceClass}
            onChange={(next) => setSection(section.key, next)}
            errors={form.errors}
            disabled={readOnly}
          />
        ))}
        <FormError message={submitError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {readOnly ? t("common.actions.close") : t("common.actions.cancel")}
          </Button>
          {!readOnly ? (
            <Button type="submit" loading={save.isPending}>
              {policy ? t("common.actions.save") : t("dynamicPolicies.form.create")}
            </Button>
          ) : null}
        </Group>
      </Stack>
      <CriteriaDrawer
        opened={criteriaOpen}
        onClose={() => setCriteriaOpen(false)}
        criteria={values.criteria}
        onApply={(criteria) => {
          form.setFieldValue("criteria", criteria);
          setCriteriaOpen(false);
        }}
      />
    </form>
  );
}

/** A dynamic policy inherits nothing: every condition it lists is its own. */
const noInheritedConditions = {};

/** One section: its Configure box and, when ticked, its items. */
function SectionEditor({
  section,
  value,
  deviceClass,
  onChange,
  errors,
  disabled,
}: {
  section: PolicySection;
  value: DynamicPolicySection;
  deviceClass: DeviceClass;
  onChange: (next: DynamicPolicySection) => void;
  errors: Record<string, unknown>;
  disabled: boolean;
}) {
  const t = useT();
  const title = t(sectionTitle(section.key));
  const prefix = `sections.${section.key}.items.`;
  const itemErrors = Object.fromEntries(
    Object.entries(errors)
      .filter(([path]) => path.startsWith(prefix))
      .map(([path, message]) => [path.slice(prefix.length).split(".")[0]!, String(message)]),
  );
  const count = Object.keys(value.items).length;
  const dropItem = (item: string) => {
    const { [item]: _dropped, ...rest } = value.items;
    onChange({ ...value, items: rest });
  };
  let items;
  if (section.itemKind === "fixed")
    items = (
      <>
        <SectionItems
          section={section}
          overrides={value.items}
          inherited={() => undefined}
          onChange={(item, next) => onChange({ ...value, items: { ...value.items, [item]: next } })}
          onRevert={dropItem}
          errors={itemErrors}
          disabled={disabled}
        />
        <Text size="xs" c="dimmed">
          {t("dynamicPolicies.form.fixedHelp")}
        </Text>
      </>
    );
  else if (section.key === "conditions")
    items = (
      <>
        <ConditionsSection
          own={value.items}
          inherited={noInheritedConditions}
          deviceClass={deviceClass}
          errors={itemErrors}
          disabled={disabled}
          onChange={(item, next) => onChange({ ...value, items: { ...value.items, [item]: next } })}
          onRemove={dropItem}
        />
        <Text size="xs" c="dimmed">
          {t("dynamicPolicies.form.conditionsHelp")}
        </Text>
      </>
    );
  else
    items = (
      <Text size="sm" c="dimmed" pl="xl">
        {t("dynamicPolicies.form.keyedItems", { count })}
      </Text>
    );
  return (
    <Stack gap="xs">
      <Checkbox
        label={t("dynamicPolicies.form.configure", { section: title })}
        checked={value.configure}
        disabled={disabled}
        onChange={(event) => onChange({ ...value, configure: event.currentTarget.checked })}
      />
      {value.configure ? items : null}
    </Stack>
  );
}
