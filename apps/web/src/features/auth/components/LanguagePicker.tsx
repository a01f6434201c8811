import { Select } from "@mantine/core";
import { IconLanguage } from "@tabler/icons-react";
import { isLocale, localeNames, supportedLocales } from "@steward/contracts";
import { setLocaleSettings, useT } from "../../../i18n";

// Each language is named in itself, so a reader finds theirs whatever the page speaks now.
const options = supportedLocales.map((locale) => ({ value: locale, label: localeNames[locale] }));

/**
 * The language of the signed-out pages. The choice is remembered in this browser, so the next
 * visit starts in it; after sign-in the technician's own preference takes over.
 */
export function LanguagePicker() {
  const t = useT();
  return (
    <Select
      aria-label={t("auth.language.label")}
      data={options}
      value={t.locale}
      onChange={(value) => {
        if (isLocale(value)) setLocaleSettings({ locale: value });
      }}
      allowDeselect={false}
      leftSection={<IconLanguage size={16} />}
      size="xs"
      w={150}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
