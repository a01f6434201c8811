import { useSearchParams, useParams } from "react-router";
import { Select, Stack, Text } from "@mantine/core";
import { parseId } from "../../../lib/params";
import { useT } from "../../../i18n";
import { EmptyState, PageHeader } from "../../../ui";
import { usePageTitle } from "../../../routing";
import { useOrganization } from "../../organizations";
import { CustomFieldValuesEditor } from "../components/CustomFieldValuesEditor";

/** /customerDashboard/:id/customFields: values for the organization or one of its locations. */
export function CustomerCustomFieldsPage() {
  const t = useT();
  const organizationId = parseId(useParams().id);
  const [params, setParams] = useSearchParams();
  const organization = useOrganization(organizationId ?? 0);
  usePageTitle(
    organization.data ? t("customFields.customer.pageTitle", { name: organization.data.name }) : null,
  );
  if (organizationId === null) return <EmptyState title={t("customFields.customer.notFound")} />;
  const locations = organization.data?.locations ?? [];
  const locationId = parseId(params.get("locationId"));
  const location = locations.find((l) => l.id === locationId) ?? null;

  return (
    <Stack gap="md">
      <PageHeader
        title={t("customFields.routes.customer")}
        description={t("customFields.customer.description")}
      />
      <Select
        label={t("customFields.customer.levelLabel")}
        w={360}
        allowDeselect={false}
        data={[
          { value: "", label: t("customFields.customer.wholeOrganization") },
          ...locations.map((l) => ({
            value: String(l.id),
            label: t("customFields.customer.locationOption", { name: l.name }),
          })),
        ]}
        value={location ? String(location.id) : ""}
        onChange={(value) => setParams(value ? { locationId: value } : {}, { replace: true })}
      />
      {location ? (
        <Text size="sm" c="dimmed">
          {t("customFields.customer.locationHint", { location: location.name })}
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
