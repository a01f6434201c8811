import { useEffect, useState } from "react";
import { ActionIcon, Box, Code, CopyButton, Group, Image, Skeleton, Stack, Text } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import QRCode from "qrcode";
import type { TotpEnrollmentResponse } from "@steward/contracts";
import { CopyField } from "../../../ui";

/** The QR code and the secret of a new TOTP factor; shown once. */
export function TotpSecretPanel({ enrollment }: { enrollment: TotpEnrollmentResponse }) {
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
          <Image src={qr} w={200} h={200} alt="QR code to add Steward to your authenticator app" />
        ) : qrFailed ? (
          <Text size="sm" c="dimmed">
            The QR code could not be drawn. Enter the key by hand instead.
          </Text>
        ) : (
          <Skeleton w={200} h={200} />
        )}
      </Box>
      <Stack gap="xs" style={{ minWidth: 0 }}>
        <Text size="sm">
          1. Scan the QR code with an authenticator app (Google Authenticator, Microsoft Authenticator,
          1Password…).
        </Text>
        <Text size="sm">Can't scan it? Enter this key in the app instead:</Text>
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
                aria-label="Copy key"
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            )}
          </CopyButton>
        </Group>
        <CopyField
          label="Account"
          value={`${enrollment.issuer}: ${enrollment.accountName}`}
          copyLabel="Copy account name"
        />
        <Text size="xs" c="dimmed">
          This key is shown only now. Keep it private: anyone with it can generate your codes.
        </Text>
      </Stack>
    </Group>
  );
}
