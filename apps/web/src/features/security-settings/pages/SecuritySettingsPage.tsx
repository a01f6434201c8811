import { useState } from "react";
import { Checkbox, Divider, Group, NumberInput, Stack, Switch, Text, Textarea, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type MfaFactorType,
  type SecuritySettings,
} from "@steward/contracts";
import { describeError } from "../../../api";
import { useT } from "../../../i18n";
import { FormCard, FormError, PageHeader, QueryView, SaveBar } from "../../../ui";
import { useSaveSecuritySettings, useSecuritySettings } from "../api";

const FACTORS: MfaFactorType[] = ["TOTP", "U2F", "SMS", "DUO"];

export function SecuritySettingsPage() {
  const t = useT();
  const query = useSecuritySettings();
  return (
    <Stack gap="md">
      <PageHeader
        title={t("technicians.routes.securitySettings")}
        description={t("securitySettings.page.description")}
      />
      <QueryView
        query={query}
        errorTitle={t("securitySettings.page.loadError")}
        loadingLabel={t("securitySettings.page.loading")}
      >
        {(settings) => <SecuritySettingsForm key={JSON.stringify(settings)} settings={settings} />}
      </QueryView>
    </Stack>
  );
}

function SecuritySettingsForm({ settings }: { settings: SecuritySettings }) {
  const t = useT();
  const save = useSaveSecuritySettings();
  const [draft, setDraft] = useState(settings);
  const [allowList, setAllowList] = useState(settings.technicianIpAllowList.join("\n"));
  const [error, setError] = useState<string | null>(null);
  const next: SecuritySettings = {
    ...draft,
    technicianIpAllowList: allowList
      .split(/[\n,]/)
      .map((line) => line.trim())
      .filter(Boolean),
  };
  const dirty = JSON.stringify(next) !== JSON.stringify(settings);
  const set = <K extends keyof SecuritySettings>(key: K, value: SecuritySettings[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const number = (value: string | number, fallback: number) =>
    typeof value === "number" ? value : Number.parseInt(value, 10) || fallback;

  const submit = async () => {
    setError(null);
    try {
      await save.mutateAsync(next);
      notifications.show({ color: "teal", message: t("securitySettings.page.saved") });
    } catch (cause) {
      setError(describeError(cause));
    }
  };

  return (
    <FormCard
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Title order={4}>{t("securitySettings.page.password")}</Title>
      <Group grow align="flex-start">
        <NumberInput
          label={t("securitySettings.page.minLength")}
          min={PASSWORD_MIN_LENGTH}
          max={PASSWORD_MAX_LENGTH}
          value={draft.passwordPolicy.minLength}
          onChange={(v) =>
            set("passwordPolicy", { ...draft.passwordPolicy, minLength: number(v, PASSWORD_MIN_LENGTH) })
          }
        />
        <NumberInput
          label={t("securitySettings.page.characterClasses")}
          description={t("securitySettings.page.characterClassesHelp")}
          min={1}
          max={4}
          value={draft.passwordPolicy.characterClasses}
          onChange={(v) => set("passwordPolicy", { ...draft.passwordPolicy, characterClasses: number(v, 1) })}
        />
        <NumberInput
          label={t("securitySettings.page.history")}
          min={0}
          max={24}
          value={draft.passwordPolicy.history}
          onChange={(v) => set("passwordPolicy", { ...draft.passwordPolicy, history: number(v, 0) })}
        />
      </Group>
      <Switch
        label={t("securitySettings.page.rejectBreached")}
        description={t("securitySettings.page.rejectBreachedHelp")}
        checked={draft.passwordPolicy.rejectBreached}
        onChange={(e) =>
          set("passwordPolicy", { ...draft.passwordPolicy, rejectBreached: e.currentTarget.checked })
        }
      />
      <Divider />
      <Checkbox.Group
        label={t("securitySettings.page.factors")}
        description={t("securitySettings.page.factorsHelp")}
        value={draft.allowedMfaFactors}
        onChange={(values) =>
          set(
            "allowedMfaFactors",
            FACTORS.filter((f) => values.includes(f)),
          )
        }
      >
        <Group mt="xs">
          {FACTORS.map((factor) => (
            <Checkbox key={factor} value={factor} label={t(`securitySettings.page.factor${factor}`)} />
          ))}
        </Group>
      </Checkbox.Group>
      <Divider />
      <Title order={4}>{t("securitySettings.page.sessions")}</Title>
      <Group grow align="flex-start">
        <NumberInput
          label={t("securitySettings.page.idle")}
          min={5}
          value={draft.sessionIdleMinutes}
          onChange={(v) => set("sessionIdleMinutes", number(v, 5))}
        />
        <NumberInput
          label={t("securitySettings.page.absolute")}
          min={1}
          value={draft.sessionAbsoluteHours}
          onChange={(v) => set("sessionAbsoluteHours", number(v, 1))}
        />
      </Group>
      <Divider />
      <Title order={4}>{t("securitySettings.page.stepUp")}</Title>
      <Text size="sm" c="dimmed">
        {t("securitySettings.page.stepUpWindowHelp")}
      </Text>
      <Group grow align="flex-start">
        <NumberInput
          label={t("securitySettings.page.stepUpWindow")}
          min={1}
          value={draft.stepUpWindowMinutes}
          onChange={(v) => set("stepUpWindowMinutes", number(v, 1))}
        />
        <NumberInput
          label={t("securitySettings.page.stepUpDevices")}
          min={1}
          value={draft.stepUpDeviceThreshold}
          onChange={(v) => set("stepUpDeviceThreshold", number(v, 1))}
        />
      </Group>
      <Divider />
      <Title order={4}>{t("securitySettings.page.network")}</Title>
      <Textarea
        label={t("securitySettings.page.allowList")}
        description={t("securitySettings.page.allowListHelp")}
        placeholder={t("securitySettings.page.allowListEmpty")}
        autosize
        minRows={3}
        value={allowList}
        onChange={(e) => setAllowList(e.currentTarget.value)}
        styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
      />
      <FormError message={error} />
      <SaveBar
        dirty={dirty}
        saving={save.isPending}
        onDiscard={() => {
          setDraft(settings);
          setAllowList(settings.technicianIpAllowList.join("\n"));
          setError(null);
        }}
      />
    </FormCard>
  );
}
