import { Button } from "@mantine/core";
import { Link } from "react-router";
import { isApiError } from "../../../api";
import { useT, type MessageKey } from "../../../i18n";
import { EmptyState, ErrorState } from "../../../ui";

/** A missing organization (or location) says so; any other failure offers a retry. */
export function OrganizationLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useT();
  if (isApiError(error, "E_ORGANIZATION_NOT_FOUND") || isApiError(error, "E_NOT_FOUND")) {
    return <OrganizationNotFound />;
  }
  return <ErrorState title={t("organizations.notFound.loadError")} error={error} onRetry={onRetry} />;
}

const missingText: Record<"organization" | "location" | "page", MessageKey> = {
  organization: "organizations.notFound.organization",
  location: "organizations.notFound.location",
  page: "organizations.notFound.page",
};

export function OrganizationNotFound({ what = "organization" }: { what?: keyof typeof missingText }) {
  const t = useT();
  return (
    <EmptyState
      title={t(missingText[what])}
      description={t("organizations.notFound.description")}
      action={
        <Button component={Link} to="/administration/customers/organizations" variant="default">
          {t("organizations.notFound.back")}
        </Button>
      }
    />
  );
}
