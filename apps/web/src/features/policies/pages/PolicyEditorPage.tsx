import { useMemo, useState } from "react";
import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconArrowLeft } from "@tabler/icons-react";
import { Link, useParams } from "react-router";
import { z } from "zod";
import {
  updatePolicyRequest,
  type PolicyDetail,
  type PolicySummary,
  type UpdatePolicyRequest,
} from "@steward/contracts";
import { policySections, type PolicyItems } from "@steward/domain";
import { describeError, isApiError } from "../../../api";
import { useT } from "../../../i18n";
import { applyServerErrors, serverFieldErrors, useContractForm } from "../../../lib/forms";
import { usePageTitle } from "../../../routing";
import { EmptyState, FormError, PageHeader, QueryView } from "../../../ui";
import { useCan } from "../../auth";
import { usePolicies, usePolicy, useUpdatePolicy } from "../api";
import { AutomationsSection } from "../components/AutomationsSection";
import { BackupSection } from "../components/BackupSection";
import { ConditionsSection } from "../components/ConditionsSection";
import { ParentSelect } from "../components/PolicyFormModal";
import { itemProblem, SectionItems, type InheritedValue } from "../components/SectionItems";
import { deviceClassText, sectionTexts } from "../texts";

const AGENT_LIST = "/administration/policies/agent";

/** /editor/policy/:id (the registry's /editor/policy/*). */
export function PolicyEditorPage() {
  const t = useT();
  const idPart = (useParams()["*"] ?? "").split("/")[0] ?? "";
  const id = /^[1-9]\d{0,9}$/.test(idPart) ? Number(idPart) : null;
  if (id === null)
    return (
      <EmptyState
        title={t("policies.editor.notFound")}
        action={
          <Button component={Link} to={AGENT_LIST} variant="default">
            {t("policies.editor.backToList")}
          </Button>
        }
      />
    );
  return <PolicyEditor id={id} />;
}

function PolicyEditor({ id }: { id: number }) {
  const t = useT();
  const query = usePolicy(id);
  usePageTitle(query.data ? t("policies.editor.pageTitle", { name: query.data.name }) : null);
  return (
    <QueryView
      query={query}
      errorTitle={t("policies.editor.loadError")}
      loadingLabel={t("policies.editor.loading")}
    >
      {(detail) => <EditorForm key={`${detail.id}:${detail.updatedAt}`} detail={detail} />}
    </QueryView>
  );
}

const generalForm = z.object({
  name: updatePolicyRequest.shape.name.unwrap(),
  description: updatePolicyRequest.shape.description.unwrap(),
  enabled: z.boolean(),
  parentId: z.string(),
});
type GeneralValues = { name: string; description: string; enabled: boolean; parentId: string };

/** The policy itself and its descendants: none of them can be its parent. */
function descendantIds(id: number, all: PolicySummary[]): Set<number> {
  const found = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of all)
      if (p.parentId !== null && found.has(p.parentId) && !found.has(p.id)) {
        found.add(p.id);
        grew = true;
      }
  }
  return found;
}

/** The sections the editor can show: fixed items with texts of their own. */
const shownSections = () =>
  policySections.list().filter((s) => s.itemKind === "fixed" && sectionTexts[s.key]);

/** The server's field problems with a keyed section's items (conditions, automations), by item key. */
function keyedProblems(details: unknown, section: string): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [path, message] of Object.entries(serverFieldErrors(details))) {
    const key = new RegExp(`^items\\.${section}\\.([^.]+)`).exec(path)?.[1];
    if (key && !(key in problems)) problems[key] = message;
  }
  return problems;
}

/** The sections whose items are keyed plans or entries the server may find problems with. */
const KEYED_SECTIONS = ["conditions", "automations", "backup"] as const;

function EditorForm({ detail }: { detail: PolicyDetail }) {
  const t = useT();
  const can = useCan();
  const canManage = can("policies.manage");
  const update = useUpdatePolicy(detail.id);
  const policies = usePolicies(detail.deviceClass);
  const form = useContractForm<GeneralValues>(generalForm, {
    initialValues: {
      name: detail.name,
      description: detail.description,
      enabled: detail.enabled,
      parentId: detail.parentId === null ? "" : String(detail.parentId),
    },
  });
  // The policy's own items (its overrides), as they are being edited.
  const [draft, setDraft] = useState<PolicyItems>(() => structuredClone(detail.items));
  const [itemErrors, setItemErrors] = useState<Record<string, Record<string, string>>>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const values = form.getValues();
  const parentId = values.parentId ? Number(values.parentId) : null;
  const parent = usePolicy(parentId ?? 0);
  const parentDetail = parentId !== null && parent.data?.id === parentId ? parent.data : undefined;
  const sections = useMemo(() => shownSections(), []);

  const parents = (policies.data ?? []).filter(
    (p) => !descendantIds(detail.id, policies.data ?? []).has(p.id),
  );

  const inheritedOf =
    (section: string) =>
    (item: string): InheritedValue | undefined => {
      if (parentId === null)
        return {
          value: (policySections.get(section)?.defaults as Record<string, unknown>)[item],
          sourceName: null,
        };
      if (parentDetail) {
        const e = parentDetail.effective[section]?.[item];
        return e ? { value: e.value, sourceName: e.sourcePolicyName } : undefined;
      }
      // Until the parent is loaded, what the server says holds when the parent is the saved one and the item is not overridden.
      const saved = detail.effective[section]?.[item];
      if (parentId === detail.parentId && saved?.state === "INHERITED")
        return { value: saved.value, sourceName: saved.sourcePolicyName };
      return undefined;
    };

  // A keyed section's inherited items: the parent's effective ones (none without a parent).
  const inheritedKeyed = (section: string): Record<string, InheritedValue> | undefined => {
    const fromParent =
      parentId === null
        ? {}
        : parentDetail
          ? (parentDetail.effective[section] ?? {})
          : parent.isError && parentId === detail.parentId
            ? Object.fromEntries(
                Object.entries(detail.effective[section] ?? {}).filter(([, e]) => e.state === "INHERITED"),
              )
            : undefined;
    return (
      fromParent &&
      Object.fromEntries(
        Object.entries(fromParent).map(([key, e]) => [
          key,
          { value: e.value, sourceName: e.sourcePolicyName } satisfies InheritedValue,
        ]),
      )
    );
  };
  // The conditions and automations the policy inherits.
  const inheritedConditions = inheritedKeyed("conditions");
  const inheritedAutomations = inheritedKeyed("automations");
  const inheritedBackup = inheritedKeyed("backup");

  const setItem = (section: string, item: string, value: unknown) => {
    setDraft((d) => ({ ...d, [section]: { ...d[section], [item]: value } }));
    setItemErrors((e) => ({ ...e, [section]: { ...e[section], [item]: "" } }));
  };
  const revertItem = (section: string, item: string) => {
    setDraft((d) => {
      const { [item]: _dropped, ...rest } = d[section] ?? {};
      const next = { ...d };
      if (Object.keys(rest).length > 0) next[section] = rest;
      else delete next[section];
      return next;
    });
    setItemErrors((e) => ({ ...e, [section]: { ...e[section], [item]: "" } }));
  };

  const itemsChanged = JSON.stringify(draft) !== JSON.stringify(detail.items);
  const generalChanges = (v: GeneralValues): UpdatePolicyRequest => ({
    ...(v.name.trim() !== detail.name ? { name: v.name } : {}),
    ...(v.description.trim() !== detail.description ? { description: v.description } : {}),
    ...(v.enabled !== detail.enabled ? { enabled: v.enabled } : {}),
    ...((v.parentId ? Number(v.parentId) : null) !== detail.parentId
      ? { parentId: v.parentId ? Number(v.parentId) : null }
      : {}),
  });
  const dirty = itemsChanged || Object.keys(generalChanges(values)).length > 0;

  const handleSubmit = (v: GeneralValues) => {
    setSubmitError(null);
    const problems: Record<string, Record<string, string>> = {};
    for (const section of sections)
      for (const [item, value] of Object.entries(draft[section.key] ?? {})) {
        const problem = itemProblem(section, item, value);
        if (problem) problems[section.key] = { ...problems[section.key], [item]: problem };
      }
    setItemErrors(problems);
    if (Object.keys(problems).length > 0) return;
    // Only the policy's own overrides go to the server; inherited items stay linked to the parent.
    const body: UpdatePolicyRequest = { ...generalChanges(v), ...(itemsChanged ? { items: draft } : {}) };
    // The saved policy replaces this form (it is keyed by its update time), so the confirmation
    // follows the request itself rather than this form's mutation observer.
    update.mutateAsync(body).then(
      () => notifications.show({ color: "teal", message: t("policies.editor.saved") }),
      (error: unknown) => {
        const validation = isApiError(error, "E_VALIDATION");
        const keyed = Object.fromEntries(
          KEYED_SECTIONS.map((s) => [s, validation ? keyedProblems(error.details, s) : {}]),
        );
        if (Object.values(keyed).some((problems) => Object.keys(problems).length > 0)) {
          setItemErrors((e) => ({ ...e, ...keyed }));
          setSubmitError(describeError(error));
        } else if (!applyServerErrors(form, error)) setSubmitError(describeError(error));
      },
    );
  };

  return (
    <Stack gap="md" maw={900}>
      <Anchor component={Link} to={AGENT_LIST} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t("policies.editor.backToList")}
        </Group>
      </Anchor>
      <PageHeader title={detail.name} description={t(deviceClassText[detail.deviceClass])} />
      <Group gap="xs">
        {detail.isDefault ? <Badge variant="light">{t("policies.badges.default")}</Badge> : null}
        {!detail.enabled ? (
          <Badge variant="light" color="gray">
            {t("policies.badges.disabled")}
          </Badge>
        ) : null}
      </Group>
      {detail.isDefault ? (
        <Text size="sm" c="dimmed">
          {t("policies.editor.defaultNote")}
        </Text>
      ) : null}
      <form noValidate onSubmit={form.onSubmit(handleSubmit)}>
        <Stack gap="md">
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              <Title order={5}>{t("policies.editor.general")}</Title>
              <TextInput
                label={t("common.fields.name")}
                required
                maxLength={100}
                disabled={!canManage}
                {...form.getInputProps("name")}
              />
              <Textarea
                label={t("common.fields.description")}
                autosize
                minRows={2}
                maxLength={2000}
                disabled={!canManage}
                {...form.getInputProps("description")}
              />
              <Switch
                label={t("policies.editor.enabled")}
                description={t("policies.editor.enabledHelp")}
                disabled={!canManage}
                {...form.getInputProps("enabled", { type: "checkbox" })}
              />
              <ParentSelect
                parents={parents}
                loading={policies.isPending}
                disabled={!canManage}
                value={values.parentId}
                onChange={(value) => form.setFieldValue("parentId", value)}
                error={form.errors.parentId}
              />
            </Stack>
          </Paper>
          {sections.map((section) => (
            <SectionItems
              key={section.key}
              section={section}
              overrides={(draft[section.key] ?? {}) as Record<string, unknown>}
              inherited={inheritedOf(section.key)}
              onChange={(item, value) => setItem(section.key, item, value)}
              onRevert={(item) => revertItem(section.key, item)}
              errors={itemErrors[section.key] ?? {}}
              disabled={!canManage}
            />
          ))}
          <ConditionsSection
            own={(draft.conditions ?? {}) as Record<string, unknown>}
            inherited={inheritedConditions}
            deviceClass={detail.deviceClass}
            errors={itemErrors.conditions ?? {}}
            disabled={!canManage}
            onChange={(key, value) => setItem("conditions", key, value)}
            onRemove={(key) => revertItem("conditions", key)}
          />
          <AutomationsSection
            own={(draft.automations ?? {}) as Record<string, unknown>}
            inherited={inheritedAutomations}
            deviceClass={detail.deviceClass}
            errors={itemErrors.automations ?? {}}
            disabled={!canManage}
            onChange={(key, value) => setItem("automations", key, value)}
            onRemove={(key) => revertItem("automations", key)}
          />
          <BackupSection
            own={(draft.backup ?? {}) as Record<string, unknown>}
            inherited={inheritedBackup}
            errors={itemErrors.backup ?? {}}
            disabled={!canManage}
            onChange={(key, value) => setItem("backup", key, value)}
            onRemove={(key) => revertItem("backup", key)}
          />
          <FormError message={submitError} />
          {canManage ? (
            <Group>
              <Button type="submit" disabled={!dirty} loading={update.isPending}>
                {t("common.actions.save")}
              </Button>
              {dirty ? (
                <Text size="sm" c="dimmed">
                  {t("policies.editor.unsaved")}
                </Text>
              ) : null}
            </Group>
          ) : null}
        </Stack>
      </form>
    </Stack>
  );
}
