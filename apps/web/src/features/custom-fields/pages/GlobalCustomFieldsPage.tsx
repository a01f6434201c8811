import { Stack } from "@mantine/core";
import { useT } from "../../../i18n";
import { PageHeader, QueryView } from "../../../ui";
import { useCustomFieldDefinitions } from "../api";
import { DefinitionsSection } from "../components/DefinitionsSection";

export function GlobalCustomFieldsPage() {
  const t = useT();
  const definitions = useCustomFieldDefinitions();
  return (
    <Stack gap="md">
      <PageHeader
        title={t("customFields.routes.global")}
        description={t("customFields.global.description")}
      />
      <QueryView
        query={definitions}
        errorTitle={t("customFields.definitions.loadError")}
        loadingLabel={t("customFields.definitions.loading")}
      >
        {(data) => (
          <DefinitionsSection
            fields={data.globalCustomFields}
            scope="GLOBAL"
            roleId={null}
            emptyTitle={t("customFields.global.emptyTitle")}
            emptyDescription={t("customFields.global.emptyDescription")}
          />
        )}
      </QueryView>
    </Stack>
  );
}
