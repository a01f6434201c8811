import { useSearchParams, useParams } from "react-router";
import { Select, Stack, Text } from "@mantine/core";
import { parseId } from "../../../lib/params";
import { EmptyState, PageHeader } from "../../../ui";
import { usePageTitle } from "../../../routing";
import { useOrganization } from "../../organizations";
import { CustomFieldValuesEditor } from "../components/CustomFieldValuesEditor";

/** /customerDashboard/:id/customFields: values for the organization or one of its locations. */
export function CustomerCustomFieldsPage() {
  const organizationId = parseId(useParams().id);
  const [params, setParams] = useSearchParams();
  const organization = useOrganization(organizationId ?? 0);
  usePageTitle(organization.data ? `${organization.data.name}: custom fields` : null);
  if (organizationId === null) return <EmptyState title="This organization does not exist" />;
  const locations = organization.data?.locations ?? [];
  const locationId = parseId(params.get("locationId"));
  const location = locations.find((l) => l.id === locationId) ?? null;

  return (
    <Stack gap="md">
      <PageHeader
        title="Custom fields"
        description="Values set here apply to every device of the organization (or of the location), unless a device sets its own."
      />
      <Select
        label="Set values for"
        w={360}
        allowDeselect={false}
        data={[
          { value: "", label: "The whole organization" },
          ...locations.map((l) => ({ value: String(l.id), label: `Location: ${l.name}` })),
        ]}
        value={location ? String(location.id) : ""}
        onChange={(value) => setParams(value ? { locationId: value } : {}, { replace: true })}
      />
      {location ? (
        <Text size="sm" c="dimmed">
          Location values override the organization's for devices at {location.name}.
        </Text>
      ) : null}
      <CustomFieldValuesEditor
        key={location?.id ?? 0}
        level={
          location
            ? { kind: "location", organizationId, locationId: location.id }
            : { kind: "organization", organizationId }
        }
      />
    </Stack>
  );
}
