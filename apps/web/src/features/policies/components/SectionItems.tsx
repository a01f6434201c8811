import { Badge, Button, Group, NumberInput, Paper, Stack, Text, Title } from "@mantine/core";
import { IconArrowBackUp } from "@tabler/icons-react";
import type { z } from "zod";
import type { PolicySection } from "@steward/domain";
import { localizeText, useT } from "../../../i18n";
import { sectionTexts } from "../texts";

/** What an item gets when the policy does not override it: the value and the policy it comes from (null: the section's default). */
export interface InheritedValue {
  value: unknown;
  sourceName: string | null;
}

interface SectionItemsProps {
  section: PolicySection;
  /** The policy's own items of this section (its draft overrides). */
  overrides: Record<string, unknown>;
  /** An item's inherited value; undefined while it is being loaded. */
  inherited: (item: string) => InheritedValue | undefined;
  onChange: (item: string, value: unknown) => void;
  onRevert: (item: string) => void;
  errors: Record<string, string>;
  disabled: boolean;
}

/** An item's problem under the section's rules, in the reader's language; null when valid. */
export function itemProblem(section: PolicySection, item: string, value: unknown): string | null {
  const shape = (section.schema as unknown as z.ZodObject).shape as Record<string, z.ZodType> | undefined;
  const schema = shape?.[item];
  if (!schema) return null;
  const result = schema.safeParse(value);
  return result.success ? null : localizeText(result.error.issues[0]?.message ?? "");
}

/** One section of the editor: each item with its value and whether it is Inherited or Overridden. */
export function SectionItems({
  section,
  overrides,
  inherited,
  onChange,
  onRevert,
  errors,
  disabled,
}: SectionItemsProps) {
  const t = useT();
  const texts = sectionTexts[section.key];
  if (!texts) return null;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Title order={5}>{t(texts.title)}</Title>
        {section.fixedItems.map((item) => {
          const itemText = texts.items[item];
          if (!itemText) return null;
          const label = t(itemText.label);
          const overridden = Object.prototype.hasOwnProperty.call(overrides, item);
          const from = inherited(item);
          const value = overridden ? overrides[item] : from?.value;
          return (
            <Group key={item} align="flex-start" justify="space-between" wrap="nowrap" gap="md">
              <NumberInput
                style={{ flex: 1, maxWidth: 360 }}
                label={label}
                description={t(itemText.help)}
                allowDecimal={false}
                disabled={disabled}
                value={typeof value === "number" || typeof value === "string" ? value : ""}
                onChange={(next) => onChange(item, next)}
                error={errors[item]}
              />
              <Stack gap={4} align="flex-end" pt={4} miw={220}>
                {overridden ? (
                  <>
                    <Badge variant="light" color="orange">
                      {t("policies.badges.overridden")}
                    </Badge>
                    {!disabled ? (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        leftSection={<IconArrowBackUp size={14} />}
                        aria-label={t("policies.editor.revertNamed", { item: label })}
                        onClick={() => onRevert(item)}
                      >
                        {t("policies.editor.revert")}
                      </Button>
                    ) : null}
                  </>
                ) : (
                  <>
                    <Badge variant="light" color="gray">
                      {t("policies.badges.inherited")}
                    </Badge>
                    {from ? (
                      <Text size="xs" c="dimmed" ta="right">
                        {from.sourceName !== null
                          ? t("policies.editor.inheritedFrom", { policy: from.sourceName })
                          : t("policies.editor.inheritedDefault")}
                      </Text>
                    ) : null}
                  </>
                )}
              </Stack>
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
