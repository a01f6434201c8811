import {
  Button,
  Divider,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from "@mantine/core";
import {
  condition,
  conditionKinds,
  conditionPriorities,
  conditionSeverities,
  healthStatuses,
  osFamilyOfClass,
  type Condition,
  type DeviceClass,
} from "@steward/domain";
import { useT } from "../../../i18n";
import { useContractForm } from "../../../lib/forms";
import { useChannels } from "../../integrations";
import { useScripts } from "../../scripts";
import { healthText, priorityText, severityText } from "../texts";
import { ConditionCheckFields, type ScriptChoice } from "./ConditionCheckFields";

interface ConditionFormModalProps {
  /** The condition to edit; null keeps the dialog closed. */
  initial: Condition | null;
  /** Whether it is a new condition (the title says Add). */
  adding: boolean;
  deviceClass: DeviceClass;
  onClose: () => void;
  /** The condition as the domain's schema reads it. */
  onApply: (value: Condition) => void;
}

/** Adds or edits one condition of a policy; what it answers goes into the policy's draft. */
export function ConditionFormModal({
  initial,
  adding,
  deviceClass,
  onClose,
  onApply,
}: ConditionFormModalProps) {
  const t = useT();
  return (
    <Modal
      opened={initial !== null}
      onClose={onClose}
      size="xl"
      title={t(adding ? "policies.conditions.form.addTitle" : "policies.conditions.form.editTitle")}
    >
      {initial !== null ? (
        <ConditionForm initial={initial} deviceClass={deviceClass} onClose={onClose} onApply={onApply} />
      ) : null}
    </Modal>
  );
}

/** The ticketing drop-down's value for a condition's ticket settings. */
function ticketChoice(value: Pick<Condition, "createNinjaTicket" | "ticketRulesetId">): string {
  if (!value.createNinjaTicket) return "NONE";
  return value.ticketRulesetId === null ? "DEFAULT" : String(value.ticketRulesetId);
}

function ConditionForm({
  initial,
  deviceClass,
  onClose,
  onApply,
}: Omit<ConditionFormModalProps, "initial" | "adding"> & { initial: Condition }) {
  const t = useT();
  const form = useContractForm<Condition>(condition, { initialValues: structuredClone(initial) });
  const channels = useChannels();
  const scripts = useScripts({ page: 1, pageSize: 500, runnableOn: osFamilyOfClass(deviceClass) });
  const values = form.getValues();

  const scriptChoices: ScriptChoice[] = (scripts.data?.items ?? []).map((s) => ({
    value: String(s.id),
    label: s.name,
  }));
  const withChosen = (choices: ScriptChoice[], ids: number[], name: (id: number) => string) => [
    ...choices,
    ...ids
      .filter((id) => !choices.some((c) => c.value === String(id)))
      .map((id) => ({ value: String(id), label: name(id) })),
  ];
  const channelChoices = withChosen(
    (channels.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
    values.channelIds,
    (id) => t("policies.conditions.form.channelNumber", { id }),
  );
  const automationChoices = withChosen(scriptChoices, values.automationScriptIds, (id) =>
    t("policies.conditions.summary.scriptNumber", { id }),
  );
  const ticketData = [
    { value: "NONE", label: t("policies.conditions.form.ticketNone") },
    { value: "DEFAULT", label: t("policies.conditions.form.ticketDefault") },
    ...(values.ticketRulesetId !== null
      ? [
          {
            value: String(values.ticketRulesetId),
            label: t("policies.conditions.form.ticketRuleset", { id: values.ticketRulesetId }),
          },
        ]
      : []),
  ];

  const handleSubmit = (v: Condition) => onApply(condition.parse(v));

  // Not a <form>: the dialog sits inside the policy editor's form, which must not take its submit.
  return (
    <div>
      <Stack gap="md">
        <TextInput
          label={t("common.fields.name")}
          required
          maxLength={200}
          data-autofocus
          {...form.getInputProps("name")}
        />
        <Switch
          label={t("policies.conditions.columns.enabled")}
          {...form.getInputProps("enabled", { type: "checkbox" })}
        />

        <Divider label={t("policies.conditions.form.checkTitle")} labelPosition="left" />
        <ConditionCheckFields
          form={form}
          path="check"
          check={values.check}
          kinds={conditionKinds}
          scripts={withChosen(
            scriptChoices,
            values.check.kind === "scriptResult" && values.check.scriptId > 0 ? [values.check.scriptId] : [],
            (id) => t("policies.conditions.summary.scriptNumber", { id }),
          )}
          scriptsError={scripts.isError}
          disabled={false}
        />

        <Divider label={t("policies.conditions.form.alertTitle")} labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          <Select
            label={t("policies.conditions.form.severity")}
            data={conditionSeverities.map((s) => ({ value: s, label: t(severityText[s]) }))}
            allowDeselect={false}
            {...form.getInputProps("severity")}
          />
          <Select
            label={t("policies.conditions.form.priority")}
            data={conditionPriorities.map((p) => ({ value: p, label: t(priorityText[p]) }))}
            allowDeselect={false}
            {...form.getInputProps("priority")}
          />
          <Select
            label={t("policies.conditions.form.healthStatus")}
            data={healthStatuses.map((h) => ({ value: h, label: t(healthText[h]) }))}
            allowDeselect={false}
            {...form.getInputProps("healthStatus")}
          />
          <NumberInput
            label={t("policies.conditions.form.autoReset")}
            description={t("policies.conditions.form.autoResetHelp")}
            allowDecimal={false}
            min={1}
            value={values.autoResetMinutes ?? ""}
            onChange={(next) =>
              form.setFieldValue("autoResetMinutes", next === "" ? undefined : (Number(next) as never))
            }
            error={form.errors.autoResetMinutes}
          />
        </SimpleGrid>

        <Divider label={t("policies.conditions.form.followUpsTitle")} labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          <MultiSelect
            label={t("policies.conditions.form.channels")}
            description={channels.isError ? t("policies.conditions.form.channelsLoadError") : undefined}
            data={channelChoices}
            value={values.channelIds.map(String)}
            onChange={(ids) => form.setFieldValue("channelIds", ids.map(Number))}
            error={form.errors.channelIds}
            searchable
            clearable
          />
          <MultiSelect
            label={t("policies.conditions.form.automations")}
            description={
              scripts.isError
                ? t("policies.conditions.form.scriptsLoadError")
                : t("policies.conditions.form.automationsHelp")
            }
            data={automationChoices}
            value={values.automationScriptIds.map(String)}
            onChange={(ids) => form.setFieldValue("automationScriptIds", ids.map(Number))}
            error={form.errors.automationScriptIds}
            searchable
            clearable
          />
          <Select
            label={t("policies.conditions.form.ticketing")}
            data={ticketData}
            allowDeselect={false}
            value={ticketChoice(values)}
            onChange={(next) => {
              // None creates no ticket; any ruleset creates one (the default ruleset when no id is chosen).
              form.setFieldValue("createNinjaTicket", next !== "NONE");
              form.setFieldValue(
                "ticketRulesetId",
                next === "NONE" || next === "DEFAULT" || next === null ? null : Number(next),
              );
            }}
          />
          <Switch
            mt="lg"
            label={t("policies.conditions.form.notifyTechnicians")}
            description={t("policies.conditions.form.notifyTechniciansHelp")}
            {...form.getInputProps("notifyTechnicians", { type: "checkbox" })}
          />
        </SimpleGrid>

        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("common.actions.cancel")}
          </Button>
          <Button onClick={() => form.onSubmit(handleSubmit)()}>{t("policies.conditions.form.apply")}</Button>
        </Group>
      </Stack>
    </div>
  );
}
