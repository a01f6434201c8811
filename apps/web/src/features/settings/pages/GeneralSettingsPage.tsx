import { Stack } from "@mantine/core";
import { useT } from "../../../i18n";
import { PageHeader, QueryView } from "../../../ui";
import { useCan } from "../../auth";
import { useGeneralSettings } from "../api";
import { GeneralSettingsForm } from "../components/GeneralSettingsForm";

export function GeneralSettingsPage() {
  const query = useGeneralSettings();
  const can = useCan();
  const t = useT();
  return (
    <Stack gap="md">
      <PageHeader title={t("settings.routes.general")} description={t("settings.general.description")} />
      <QueryView
        query={query}
        errorTitle={t("settings.general.loadError")}
        loadingLabel={t("settings.general.loading")}
      >
        {(settings) => (
          <GeneralSettingsForm
            key={`${settings.companyName}|${settings.defaultTimeZone}`}
            settings={settings}
            canManage={can("settings.manage")}
          />
        )}
      </QueryView>
    </Stack>
  );
}
