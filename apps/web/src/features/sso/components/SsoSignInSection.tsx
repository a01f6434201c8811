import { Alert, Button, Divider } from "@mantine/core";
import { IconKey } from "@tabler/icons-react";
import { useSearchParams } from "react-router";
import { ssoRefusalReason } from "@steward/contracts";
import { useT } from "../../../i18n";
import { SSO_START_URL, useSsoSignInOption } from "../api";

/**
 * The sign-in page's single sign-on part: why the last attempt was refused (the server sends
 * the browser back with ?sso=reason), and "Sign in with <provider>" while it is on.
 */
export function SsoSignInSection() {
  const t = useT();
  const [params] = useSearchParams();
  const option = useSsoSignInOption();
  const refused = ssoRefusalReason.safeParse(params.get("sso"));
  return (
    <>
      {refused.success && (
        <Alert color="red" role="alert" data-testid="sso-refused">
          {t(`sso.signIn.refused.${refused.data}`)}
        </Alert>
      )}
      {option.data?.enabled && option.data.providerName !== null && (
        <>
          <Divider label={t("sso.signIn.or")} labelPosition="center" />
          <Button
            component="a"
            href={SSO_START_URL}
            variant="default"
            leftSection={<IconKey size={16} />}
            fullWidth
          >
            {t("sso.signIn.button", { provider: option.data.providerName })}
          </Button>
        </>
      )}
    </>
  );
}
