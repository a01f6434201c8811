import { useMemo, useState, type FormEvent } from "react";
import { Anchor, Select, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { generalSettings, type GeneralSettings } from "@steward/contracts";
import { describeError, isApiError } from "../../../api";
import { clearError, serverFieldErrors, validateWith, type FieldErrors } from "../../../lib/forms";
import { FormError, FormCard, SaveBar } from "../../../ui";
import { useSaveGeneralSettings } from "../api";
import { browserTimeZone, timeZoneOptions } from "../../../lib/time-zones";

interface GeneralSettingsFormProps {
  settings: GeneralSettings;
  canManage: boolean;
}

export function GeneralSettingsForm({ settings, canManage }: GeneralSettingsFormProps) {
  const [draft, setDraft] = useState<GeneralSettings>(settings);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const save = useSaveGeneralSettings();
  const zones = useMemo(() => timeZoneOptions(settings.defaultTimeZone), [settings.defaultTimeZone]);
  const localZone = browserTimeZone();
  const dirty =
    draft.companyName !== settings.companyName || draft.defaultTimeZone !== settings.defaultTimeZone;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = validateWith(generalSettings, draft);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setSubmitError(null);
    try {
      await save.mutateAsync(result.data);
      notifications.show({ color: "teal", message: "Settings saved" });
    } catch (error) {
      if (isApiError(error, "E_VALIDATION")) setErrors(serverFieldErrors(error.details));
      setSubmitError(describeError(error));
    }
  };

  return (
    <FormCard onSubmit={(event) => void handleSubmit(event)}>
      <TextInput
        label="Company name"
        description="Your MSP or IT department, shown in the console and in invite emails."
        value={draft.companyName}
        onChange={(event) => {
          const companyName = event.currentTarget.value;
          setDraft((d) => ({ ...d, companyName }));
          setErrors((current) => clearError(current, "companyName"));
        }}
        error={errors.companyName}
        readOnly={!canManage}
      />
      <Select
        label="Default time zone"
        description={
          localZone && localZone !== draft.defaultTimeZone && canManage ? (
            <>
              Used for schedules and reports unless a user chooses another.{" "}
              <Anchor
                component="button"
                type="button"
                size="xs"
                onClick={() => setDraft((d) => ({ ...d, defaultTimeZone: localZone }))}
              >
                Use {localZone}
              </Anchor>
            </>
          ) : (
            "Used for schedules and reports unless a user chooses another."
          )
        }
        data={zones}
        value={draft.defaultTimeZone}
        onChange={(value) => value && setDraft((d) => ({ ...d, defaultTimeZone: value }))}
        searchable
        allowDeselect={false}
        nothingFoundMessage="No time zone matches"
        maxDropdownHeight={280}
        error={errors.defaultTimeZone}
        readOnly={!canManage}
      />
      <FormError message={submitError} />
      {canManage ? (
        <SaveBar
          dirty={dirty}
          saving={save.isPending}
          onDiscard={() => {
            setDraft(settings);
            setErrors({});
            setSubmitError(null);
          }}
        />
      ) : null}
    </FormCard>
  );
}
