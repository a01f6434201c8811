import { Stack } from "@mantine/core";
import { PageHeader, QueryView } from "../../../ui";
import { useCustomFieldDefinitions } from "../api";
import { DefinitionsSection } from "../components/DefinitionsSection";

export function GlobalCustomFieldsPage() {
  const definitions = useCustomFieldDefinitions();
  return (
    <Stack gap="md">
      <PageHeader
        title="Global custom fields"
        description="Fields every device has. Set values on an organization, a location or a device; a device uses the nearest one."
      />
      <QueryView
        query={definitions}
        errorTitle="Could not load custom fields"
        loadingLabel="Loading custom fields…"
      >
        {(data) => (
          <DefinitionsSection
            fields={data.globalCustomFields}
            scope="GLOBAL"
            roleId={null}
            emptyTitle="No global custom fields yet"
            emptyDescription="Add a field such as an asset number or a warranty date; it shows on every device."
          />
        )}
      </QueryView>
    </Stack>
  );
}
