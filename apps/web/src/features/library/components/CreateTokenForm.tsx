import { useState } from "react";
import { Button, Group, NumberInput, Select, Stack, TextInput } from "@mantine/core";
import { IconKey } from "@tabler/icons-react";
import type { EnrollmentTokenSecret } from "@steward/contracts";
import { describeError } from "../../../api";
import { FormError } from "../../../ui";
import { useCreateEnrollmentToken } from "../api";

export const expiryChoices = [
  { value: "24", label: "1 day" },
  { value: "168", label: "7 days" },
  { value: "720", label: "30 days" },
  { value: "2160", label: "90 days" },
  { value: "8760", label: "1 year" },
];

interface CreateTokenFormProps {
  organizationId: number;
  locationId: number | null;
  onCreated: (secret: EnrollmentTokenSecret) => void;
}

/** Name, lifetime and use limit of a new enrollment token for the chosen location. */
export function CreateTokenForm({ organizationId, locationId, onCreated }: CreateTokenFormProps) {
  const create = useCreateEnrollmentToken(organizationId);
  const [name, setName] = useState("");
  const [expiresInHours, setExpiresInHours] = useState("168");
  const [maxUses, setMaxUses] = useState<string | number>("");

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (locationId === null) return;
    create.mutate(
      {
        locationId,
        name: name.trim(),
        expiresInHours: Number(expiresInHours),
        maxUses: maxUses === "" ? null : Number(maxUses),
      },
      { onSuccess: onCreated },
    );
  };

  return (
    <form onSubmit={handleSubmit} aria-label="Create install command">
      <Stack gap="sm">
        <Group grow align="flex-start">
          <TextInput
            label="Token name"
            description="Optional, e.g. the ticket or the technician"
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Select
            label="Valid for"
            description="The command stops working after this"
            data={expiryChoices}
            value={expiresInHours}
            allowDeselect={false}
            onChange={(value) => setExpiresInHours(value ?? "168")}
          />
          <NumberInput
            label="Maximum devices"
            description="Empty: any number of devices"
            min={1}
            max={100000}
            allowDecimal={false}
            allowNegative={false}
            value={maxUses}
            onChange={setMaxUses}
          />
        </Group>
        <FormError message={create.isError ? describeError(create.error) : null} />
        <Group>
          <Button
            type="submit"
            leftSection={<IconKey size={16} />}
            loading={create.isPending}
            disabled={locationId === null}
          >
            Create install command
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
