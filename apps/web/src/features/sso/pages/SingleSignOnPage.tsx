import { useState } from "react";
import { Badge, Divider, Group, PasswordInput, Stack, Switch, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { SsoSettingsRequest, SsoSettingsResponse } from "@steward/contracts";
import { describeError } from "../../../api";
import { useT } from "../../../i18n";
import { CopyField, FormCard, FormError, PageHeader, QueryView, SaveBar } from "../../../ui";
import { useSaveSsoSettings, useSsoSettings } from "../api";
import { completeMappings, GroupMappingTable, type MappingDraft } from "../components/GroupMappingTable";

export function SingleSignOnPage() {
  const t = useT();
  const query = useSsoSettings();
  return (
    <Stack gap="md">
      <PageHeader title={t("technicians.routes.singleSignOn")} description={t("sso.page.description")} />
      <QueryView query={query} errorTitle={t("sso.page.loadError")} loadingLabel={t("sso.page.loading")}>
        {(settings) => <SingleSignOnForm key={JSON.stringify(settings)} settings={settings} />}
      </QueryView>
    </Stack>
  );
}

type Draft = Omit<SsoSettingsRequest, "clientSecret" | "groupMappings">;

function draftOf({
  clientSecretSet: _s,
  redirectUri: _r,
  groupMappings: _m,
  ...fields
}: SsoSettingsResponse): Draft {
  return fields;
}

function SingleSignOnForm({ settings }: { settings: SsoSettingsResponse }) {
  const t = useT();
  const save = useSaveSsoSettings();
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [mappings, setMappings] = useState<MappingDraft[]>(settings.groupMappings);
  const [secret, setSecret] = useState("");
  const [error, setError] = useState<string | null>(null);
  const next: SsoSettingsRequest = {
    ...draft,
    groupMappings: completeMappings(mappings),
    ...(secret !== "" ? { clientSecret: secret } : {}),
  };
  const dirty =
    secret !== "" ||
    JSON.stringify(draft) !== JSON.stringify(draftOf(settings)) ||
    JSON.stringify(mappings) !== JSON.stringify(settings.groupMappings);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = async () => {
    setError(null);
    try {
      await save.mutateAsync(next);
      notifications.show({ color: "teal", message: t("sso.page.saved") });
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
      <Title order={4}>{t("sso.page.provider")}</Title>
      <Group grow align="flex-start">
        <TextInput
          label={t("sso.page.providerName")}
          description={t("sso.page.providerNameHelp")}
          value={draft.providerName}
          onChange={(e) => set("providerName", e.currentTarget.value)}
        />
        <TextInput
          label={t("sso.page.issuerUrl")}
          description={t("sso.page.issuerUrlHelp")}
          placeholder={t("sso.page.issuerUrlPlaceholder")}
          value={draft.issuerUrl}
          onChange={(e) => set("issuerUrl", e.currentTarget.value)}
        />
      </Group>
      <Group grow align="flex-start">
        <TextInput
          label={t("sso.page.clientId")}
          value={draft.clientId}
          onChange={(e) => set("clientId", e.currentTarget.value)}
        />
        <PasswordInput
          label={
            <Group gap="xs" component="span">
              {t("sso.page.clientSecret")}
              <Badge size="xs" variant="light" color={settings.clientSecretSet ? "teal" : "gray"}>
                {settings.clientSecretSet ? t("sso.page.clientSecretSet") : t("sso.page.clientSecretNotSet")}
              </Badge>
            </Group>
          }
          description={
            settings.clientSecretSet ? t("sso.page.clientSecretReplace") : t("sso.page.clientSecretHelp")
          }
          autoComplete="new-password"
          value={secret}
          onChange={(e) => setSecret(e.currentTarget.value)}
        />
      </Group>
      <CopyField label={t("sso.page.redirectUri")} value={settings.redirectUri} />
      <TextInput
        label={t("sso.page.scopes")}
        description={t("sso.page.scopesHelp")}
        value={draft.scopes}
        onChange={(e) => set("scopes", e.currentTarget.value)}
      />
      <Divider />
      <Title order={4}>{t("sso.page.accounts")}</Title>
      <TextInput
        label={t("sso.page.groupClaim")}
        description={t("sso.page.groupClaimHelp")}
        value={draft.groupClaim}
        onChange={(e) => set("groupClaim", e.currentTarget.value)}
      />
      <GroupMappingTable value={mappings} onChange={setMappings} />
      <Switch
        label={t("sso.page.jit")}
        description={t("sso.page.jitHelp")}
        checked={draft.jitEnabled}
        onChange={(e) => set("jitEnabled", e.currentTarget.checked)}
      />
      <Switch
        label={t("sso.page.trustMfa")}
        description={t("sso.page.trustMfaHelp")}
        checked={draft.trustProviderMfa}
        onChange={(e) => set("trustProviderMfa", e.currentTarget.checked)}
      />
      <Divider />
      <Switch
        label={t("sso.page.enabled")}
        checked={draft.enabled}
        onChange={(e) => set("enabled", e.currentTarget.checked)}
      />
      <FormError message={error} />
      <SaveBar
        dirty={dirty}
        saving={save.isPending}
        onDiscard={() => {
          setDraft(draftOf(settings));
          setMappings(settings.groupMappings);
          setSecret("");
          setError(null);
        }}
      />
    </FormCard>
  );
}
