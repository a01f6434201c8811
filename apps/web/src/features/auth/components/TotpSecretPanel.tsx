import { useEffect, useState } from "react";
import { ActionIcon, Box, Code, CopyButton, Group, Image, Skeleton, Stack, Text } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import QRCode from "qrcode";
import type { TotpEnrollmentResponse } from "@steward/contracts";
import { useT } from "../../../i18n";
import { CopyField } from "../../../ui";

/** The QR code and the secret of a new TOTP factor; shown once. */
export function TotpSecretPanel({ enrollment }: { enrollment: TotpEnrollmentResponse }) {
  const t = useT();
  const [qr, setQr] = useState<string | null>(null);
  const [qrFailed, setQrFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    QRCode.toDataURL(enrollment.otpauthUrl, { margin: 1, width: 200, errorCorrectionLevel: "M" })
      .then((url) => {
        if (!cancelled) setQr(url);
      })
      .catch(() => {
        if (!cancelled) setQrFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [enrollment.otpauthUrl]);

  return (
    <Group align="flex-start" wrap="nowrap" gap="lg">
      <Box w={200} h={200} style={{ flexShrink: 0 }}>
        {qr ? (
          <Image src={qr} w={200} h={200} alt={t("auth.totp.qrAlt")} />
        ) : qrFailed ? (
          <Text size="sm" c="dimmed">
            {t("auth.totp.qrFailed")}
          </Text>
        ) : (
          <Skeleton w={200} h={200} />
        )}
      </Box>
      <Stack gap="xs" style={{ minWidth: 0 }}>
        <Text size="sm">{t("auth.totp.scanStep")}</Text>
        <Text size="sm">{t("auth.totp.cantScan")}</Text>
        <Group gap="xs" wrap="nowrap" align="center">
          <Code
            block
            fz="md"
            data-testid="totp-secret"
            style={{ wordBreak: "break-all", whiteSpace: "pre-wrap", flex: 1, minWidth: 0 }}
          >
            {enrollment.secret}
          </Code>
          <CopyButton value={enrollment.secret}>
            {({ copied, copy }) => (
              <ActionIcon
                variant="subtle"
                color={copied ? "teal" : "gray"}
                onClick={copy}
                aria-label={t("auth.totp.copyKey")}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            )}
          </CopyButton>
        </Group>
        <CopyField
          label={t("auth.totp.account")}
          // i18n-exempt: the account as the authenticator app lists it (issuer and account name)
          value={`${enrollment.issuer}: ${enrollment.accountName}`}
          copyLabel={t("auth.totp.copyAccount")}
        />
        <Text size="xs" c="dimmed">
          {t("auth.totp.keyWarning")}
        </Text>
      </Stack>
    </Group>
  );
}
