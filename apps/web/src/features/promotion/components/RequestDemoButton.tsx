import { Button, type ButtonProps } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useT } from "../../../i18n";
import { DemoRequestDialog } from "./DemoRequestDialog";

/** A "Request Demo" button with its dialog. */
export function RequestDemoButton(props: ButtonProps) {
  const t = useT();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button onClick={open} {...props}>
        {t("promotion.demo.title")}
      </Button>
      <DemoRequestDialog opened={opened} onClose={close} />
    </>
  );
}
