import { Button } from "@mantine/core";
import { Link } from "react-router";
import { isApiError } from "../../../api";
import { EmptyState, ErrorState } from "../../../ui";

/** A missing organization (or location) says so; any other failure offers a retry. */
export function OrganizationLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isApiError(error, "E_ORGANIZATION_NOT_FOUND") || isApiError(error, "E_NOT_FOUND")) {
    return <OrganizationNotFound />;
  }
  return <ErrorState title="Could not load the organization" error={error} onRetry={onRetry} />;
}

export function OrganizationNotFound({ what = "organization" }: { what?: string }) {
  return (
    <EmptyState
      title={`This ${what} does not exist`}
      description="It may have been deleted, or the link is wrong."
      action={
        <Button component={Link} to="/administration/customers/organizations" variant="default">
          Back to organizations
        </Button>
      }
    />
  );
}
