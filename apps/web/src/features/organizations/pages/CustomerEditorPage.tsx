import { Button, Stack, Tabs } from "@mantine/core";
import { IconLayoutDashboard } from "@tabler/icons-react";
import { Link, Navigate, useNavigate, useParams } from "react-router";
import { useT } from "../../../i18n";
import { LoadingState, PageHeader } from "../../../ui";
import { usePageTitle } from "../../../routing";
import { useCan } from "../../auth";
import { OrganizationPoliciesPanel } from "../../policies";
import { useOrganization } from "../api";
import { LocationsEditor } from "../components/LocationsEditor";
import { OrganizationGeneralForm } from "../components/OrganizationGeneralForm";
import { OrganizationLoadError, OrganizationNotFound } from "../components/OrganizationNotFound";
import { parseId } from "../components/use-organization-id";

const sections = ["general", "locations", "policies"] as const;
type Section = (typeof sections)[number];

/** /editor/customer/:id/general, …/locations and …/policies (the registry's /editor/customer/*). */
export function CustomerEditorPage() {
  const splat = useParams()["*"] ?? "";
  const [idPart, sectionPart] = splat.split("/");
  const id = parseId(idPart);
  if (id === null) return <OrganizationNotFound />;
  if (!sectionPart) return <Navigate to={`/editor/customer/${id}/general`} replace />;
  if (!(sections as readonly string[]).includes(sectionPart)) return <OrganizationNotFound what="page" />;
  return <CustomerEditor id={id} section={sectionPart as Section} />;
}

function CustomerEditor({ id, section }: { id: number; section: Section }) {
  const t = useT();
  const navigate = useNavigate();
  const can = useCan();
  const canWrite = can("organizations.write");
  const query = useOrganization(id);
  usePageTitle(query.data ? t("organizations.editor.pageTitle", { name: query.data.name }) : null);

  if (query.isPending) return <LoadingState label={t("organizations.overview.loading")} />;
  if (query.isError)
    return <OrganizationLoadError error={query.error} onRetry={() => void query.refetch()} />;
  const organization = query.data;

  return (
    <Stack gap="md">
      <PageHeader
        title={organization.name}
        description={t("organizations.editor.description")}
        actions={
          <Button
            variant="default"
            component={Link}
            to={`/customerDashboard/${id}/overview`}
            leftSection={<IconLayoutDashboard size={16} />}
          >
            {t("organizations.editor.openDashboard")}
          </Button>
        }
      />
      <Tabs value={section} onChange={(next) => next && void navigate(`/editor/customer/${id}/${next}`)}>
        <Tabs.List>
          <Tabs.Tab value="general">{t("organizations.editor.general")}</Tabs.Tab>
          <Tabs.Tab value="locations">{t("organizations.editor.locations")}</Tabs.Tab>
          {can("policies.read") ? (
            <Tabs.Tab value="policies">{t("organizations.editor.policies")}</Tabs.Tab>
          ) : null}
          {can("credentials.manage") ? (
            <Tabs.Tab value="credentials">{t("organizations.editor.credentials")}</Tabs.Tab>
          ) : null}
        </Tabs.List>
        <Tabs.Panel value="general" pt="md">
          <OrganizationGeneralForm organization={organization} canWrite={canWrite} />
        </Tabs.Panel>
        <Tabs.Panel value="locations" pt="md">
          <LocationsEditor organization={organization} canWrite={canWrite} />
        </Tabs.Panel>
        {can("policies.read") ? (
          <Tabs.Panel value="policies" pt="md">
            <OrganizationPoliciesPanel organization={organization} canWrite={canWrite} />
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </Stack>
  );
}
