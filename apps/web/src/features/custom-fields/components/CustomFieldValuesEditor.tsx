import { useMemo, useState } from "react";
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { CustomFieldDefinition, CustomFieldValues } from "@steward/contracts";
import { sanitizeNumericInput } from "@steward/domain";
import { describeError, isApiError } from "../../../api";
import { formatDateTime, localizeText, useT } from "../../../i18n";
import { EmptyState, FormError, QueryView } from "../../../ui";
import { useCan } from "../../auth";
import { useCustomFieldValues, usePutCustomFieldValues, type ValueLevel } from "../api";
import { CustomFieldInput } from "./CustomFieldInput";
import { draftError, fromDraft, sameDraft, toDraft, type DraftValue } from "./field-draft";

type Item = CustomFieldValues["items"][number];

const levelSource = { device: "DEVICE", location: "LOCATION", organization: "ORGANIZATION" } as const;

/** Custom field values at one level (organization, location or device), with draft and save. */
export function CustomFieldValuesEditor({ level }: { level: ValueLevel }) {
  const values = useCustomFieldValues(level);
  // Held here, not in the form: a save replaces the values, which remounts the form, and the
  // callbacks of a mutation whose component unmounted never run (no "saved" notification).
  const save = usePutCustomFieldValues(level);
  const t = useT();
  return (
    <QueryView
      query={values}
      errorTitle={t("customFields.definitions.loadError")}
      loadingLabel={t("customFields.definitions.loading")}
    >
      {(items) => <ValuesForm key={JSON.stringify(items)} level={level} items={items} save={save} />}
    </QueryView>
  );
}

function ValuesForm({
  level,
  items,
  save,
}: {
  level: ValueLevel;
  items: Item[];
  save: ReturnType<typeof usePutCustomFieldValues>;
}) {
  const t = useT();
  const can = useCan();
  const canEdit = can("devices.manage");
  const visible = useMemo(() => items.filter((i) => i.field.behaviour !== "HIDDEN"), [items]);
  const saved = useMemo(
    () => new Map(visible.map((i) => [i.field.id, toDraft(i.field.type, i.value)])),
    [visible],
  );
  const [draft, setDraft] = useState<Map<number, DraftValue>>(() => new Map(saved));
  const [errors, setErrors] = useState<Map<number, string>>(new Map());
  const [formError, setFormError] = useState<string | null>(null);

  const here = levelSource[level.kind];
  const mandatory = (item: Item) =>
    level.kind === "device" &&
    item.field.behaviour === "REQUIRED" &&
    (item.effectiveSource === null || item.effectiveSource === here);

  const dirty = visible.filter((i) => !sameDraft(draft.get(i.field.id) ?? "", saved.get(i.field.id) ?? ""));

  const setError = (fieldId: number, message: string | null) =>
    setErrors((current) => {
      const next = new Map(current);
      if (message) next.set(fieldId, message);
      else next.delete(fieldId);
      return next;
    });

  /** The rules' message for a draft, in the reader's language; null when it may be saved. */
  const messageFor = (item: Item, value: DraftValue) => {
    const message = draftError(item.field, value, mandatory(item));
    return message === null ? null : localizeText(message);
  };

  const check = (item: Item, value: DraftValue) => setError(item.field.id, messageFor(item, value));

  const handleSave = () => {
    setFormError(null);
    const found = new Map<number, string>();
    for (const item of dirty) {
      const message = messageFor(item, draft.get(item.field.id) ?? "");
      if (message) found.set(item.field.id, message);
    }
    setErrors(found);
    if (found.size > 0) return;
    save.mutate(
      {
        values: dirty.map((item) => ({
          fieldId: item.field.id,
          value: fromDraft(item.field.type, draft.get(item.field.id) ?? ""),
        })),
      },
      {
        onSuccess: () => notifications.show({ color: "teal", message: t("customFields.values.saved") }),
        onError: (error) => {
          const issues = isApiError(error)
            ? (error.details as { issues?: unknown } | undefined)?.issues
            : undefined;
          if (Array.isArray(issues)) {
            const next = new Map<number, string>();
            for (const issue of issues as { fieldId?: unknown; message?: unknown }[]) {
              if (typeof issue.fieldId === "number" && typeof issue.message === "string") {
                next.set(issue.fieldId, localizeText(issue.message));
              }
            }
            setErrors(next);
          }
          setFormError(describeError(error));
        },
      },
    );
  };

  if (visible.length === 0) {
    return (
      <EmptyState
        title={t("customFields.values.emptyTitle")}
        description={t("customFields.values.emptyDescription")}
      />
    );
  }

  const hintOf = (item: Item): string | undefined => {
    if (item.value !== null || item.effectiveValue === null || item.effectiveSource === null)
      return undefined;
    const { effectiveValue } = item;
    // A moment reads in the reader's zone and date format; other values as they were set.
    const shown = Array.isArray(effectiveValue)
      ? effectiveValue.join(", ")
      : item.field.type === "DATE_TIME" && typeof effectiveValue === "string"
        ? formatDateTime(effectiveValue)
        : item.field.type === "CHECKBOX" && typeof effectiveValue === "boolean"
          ? t(effectiveValue ? "common.states.yes" : "common.states.no")
          : String(effectiveValue);
    return t("customFields.values.inherited", { source: item.effectiveSource, value: shown });
  };

  const groups = new Map<string, Item[]>();
  for (const item of visible) {
    const key =
      item.field.scope === "GLOBAL"
        ? t("customFields.values.globalGroup")
        : t("customFields.values.roleGroup", { role: item.field.roleName ?? "" });
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }

  return (
    <Stack gap="md">
      {[...groups.entries()].map(([title, groupItems]) => (
        <Paper withBorder radius="md" p="md" key={title}>
          <Stack gap="sm">
            <Title order={5}>{title}</Title>
            <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
              {groupItems.map((item) => (
                <FieldRow
                  key={item.field.id}
                  field={item.field}
                  value={draft.get(item.field.id) ?? ""}
                  error={errors.get(item.field.id) ?? null}
                  disabled={!canEdit || item.field.behaviour === "READ_ONLY" || save.isPending}
                  hint={hintOf(item)}
                  onChange={(value) => {
                    setDraft((current) => new Map(current).set(item.field.id, value));
                    // Text the numeric stripping would change came from a paste: say so at once.
                    const unstripped =
                      typeof value === "string" && sanitizeNumericInput(item.field.type, value) !== value;
                    if (errors.has(item.field.id) || unstripped) check(item, value);
                  }}
                  onBlur={() => check(item, draft.get(item.field.id) ?? "")}
                />
              ))}
            </SimpleGrid>
          </Stack>
        </Paper>
      ))}
      <FormError message={formError} />
      {canEdit ? (
        <Group>
          <Button onClick={handleSave} loading={save.isPending} disabled={dirty.length === 0}>
            {t("common.actions.save")}
          </Button>
          <Button
            variant="default"
            disabled={dirty.length === 0 || save.isPending}
            onClick={() => {
              setDraft(new Map(saved));
              setErrors(new Map());
              setFormError(null);
            }}
          >
            {t("customFields.values.discard")}
          </Button>
          {dirty.length > 0 ? (
            <Text size="sm" c="dimmed">
              {t("customFields.values.unsaved", { count: dirty.length })}
            </Text>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}

function FieldRow(props: {
  field: CustomFieldDefinition;
  value: DraftValue;
  error: string | null;
  disabled: boolean;
  hint: string | undefined;
  onChange: (value: DraftValue) => void;
  onBlur: () => void;
}) {
  const { field } = props;
  const t = useT();
  return (
    <Stack gap={2}>
      <CustomFieldInput
        field={field}
        value={props.value}
        onChange={props.onChange}
        onBlur={props.onBlur}
        error={props.error}
        disabled={props.disabled}
        {...(props.hint ? { hint: props.hint } : {})}
      />
      {field.behaviour === "READ_ONLY" ? (
        <Badge size="xs" variant="light" color="gray">
          {t("customFields.values.readOnly")}
        </Badge>
      ) : null}
    </Stack>
  );
}
