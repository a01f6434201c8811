import { Button, type ButtonProps } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { messages } from "@steward/domain";
import { DemoRequestDialog } from "./DemoRequestDialog";

/** A "Request Demo" button with its dialog. */
export function RequestDemoButton(props: ButtonProps) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button onClick={open} {...props}>
        {messages.demoRequest.title}
      </Button>
      <DemoRequestDialog opened={opened} onClose={close} />
    </>
  );
}
