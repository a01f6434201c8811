import { Stack } from "@mantine/core";
import { PageHeader, QueryView } from "../../../ui";
import { useCan } from "../../auth";
import { useGeneralSettings } from "../api";
import { GeneralSettingsForm } from "../components/GeneralSettingsForm";

export function GeneralSettingsPage() {
  const query = useGeneralSettings();
  const can = useCan();
  return (
    <Stack gap="md">
      <PageHeader title="General settings" description="Company-wide defaults for the whole console." />
      <QueryView query={query} errorTitle="Could not load the settings" loadingLabel="Loading settings…">
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
