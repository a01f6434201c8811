import type { ReactNode } from "react";
import { Badge, Group, Loader, Paper, Stack, Switch, Table, Text, Title } from "@mantine/core";
import { IconArrowBackUp } from "@tabler/icons-react";
import { useT } from "../../../i18n";
import {
  confirmAction,
  DeleteIconButton,
  EditIconButton,
  ListTable,
  RowAction,
  RowActions,
} from "../../../ui";
import type { InheritedValue } from "./SectionItems";

/** A badge's label is never cut short: its column widens instead. */
export const fullLabel = { label: { overflow: "visible" } } as const;

/** An item of a keyed section that can be switched on and off. */
interface Switchable {
  enabled: boolean;
}

/** A column a section shows between the item's name and its on/off switch. */
export interface ItemColumn<V> {
  header: string;
  cell: (value: V) => ReactNode;
}

/** The texts a keyed section shows, in the reader's language. */
export interface KeyedItemsTexts {
  title: string;
  description: string;
  loadingInherited: string;
  empty: string;
  tableLabel: string;
  itemHeader: string;
  enabledHeader: string;
  sourceHeader: string;
  /** The badge of an item the policy adds, and its tooltip. */
  own: string;
  ownHelp: string;
  enabledNamed: (name: string) => string;
  deleteTitle: string;
  deleteMessage: (name: string) => string;
}

export interface KeyedItemsSectionProps<V extends Switchable> {
  /** The policy's own items (new ones and its overrides of inherited ones), by key. */
  own: Record<string, unknown>;
  /** The items the policy inherits, by key; undefined while they are being loaded. */
  inherited: Record<string, InheritedValue> | undefined;
  /** A problem the server found with an item, by key. */
  errors: Record<string, string>;
  disabled: boolean;
  texts: KeyedItemsTexts;
  /** Next to the title when the policy can be changed: how to add an item. */
  addControl: ReactNode;
  /** Reads a stored item (with its defaults). */
  read: (value: unknown) => V;
  nameOf: (key: string, value: V) => string;
  /** The line under an item's name. */
  detail: (value: V) => ReactNode;
  columns: ItemColumn<V>[];
  minWidth: number;
  /** The attribute each row carries with its key (for example "data-condition"). */
  rowAttribute: string;
  onChange: (key: string, value: V) => void;
  /** Drops the policy's own entry: an override is inherited again, an added item is gone. */
  onRemove: (key: string) => void;
  onEdit: (key: string, value: V) => void;
  /** The editor (a modal), rendered after the list. */
  children?: ReactNode;
}

/** The keys of a keyed section: inherited ones first, then the policy's own additions. */
export const keysOf = (own: Record<string, unknown>, inherited: Record<string, unknown> | undefined) => [
  ...new Set([...Object.keys(inherited ?? {}), ...Object.keys(own)]),
];

/**
 * A section of keyed items (conditions, automations): each item with its own columns, an on/off
 * switch, whether it is the policy's own, an override (with Revert) or inherited (and from where),
 * and edit and delete actions.
 */
export function KeyedItemsSection<V extends Switchable>(props: KeyedItemsSectionProps<V>) {
  const { own, inherited, errors, disabled, texts, read, nameOf, detail, columns } = props;
  const t = useT();
  const keys = keysOf(own, inherited);
  const isOwn = (key: string) => Object.prototype.hasOwnProperty.call(own, key);

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Title order={5}>{texts.title}</Title>
            <Text size="sm" c="dimmed">
              {texts.description}
            </Text>
          </div>
          {!disabled ? props.addControl : null}
        </Group>
        {inherited === undefined ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              {texts.loadingInherited}
            </Text>
          </Group>
        ) : keys.length === 0 ? (
          <Text size="sm" c="dimmed">
            {texts.empty}
          </Text>
        ) : (
          <ListTable caption={texts.tableLabel} minWidth={props.minWidth} highlightOnHover={false}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th miw={200}>{texts.itemHeader}</Table.Th>
                {columns.map((c) => (
                  <Table.Th key={c.header}>{c.header}</Table.Th>
                ))}
                <Table.Th>{texts.enabledHeader}</Table.Th>
                <Table.Th>{texts.sourceHeader}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.map((key) => {
                const mine = isOwn(key);
                const from = inherited[key];
                const value = read(mine ? own[key] : from?.value);
                const name = nameOf(key, value);
                return (
                  <Table.Tr key={key} {...{ [props.rowAttribute]: key }}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {detail(value)}
                      </Text>
                      {errors[key] ? (
                        <Text size="xs" c="red">
                          {errors[key]}
                        </Text>
                      ) : null}
                    </Table.Td>
                    {columns.map((c) => (
                      <Table.Td key={c.header}>{c.cell(value)}</Table.Td>
                    ))}
                    <Table.Td>
                      <Switch
                        aria-label={texts.enabledNamed(name)}
                        checked={value.enabled}
                        disabled={disabled}
                        onChange={(e) => props.onChange(key, { ...value, enabled: e.currentTarget.checked })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <SourceCell
                        texts={texts}
                        overridden={mine && from !== undefined}
                        added={mine && from === undefined}
                        from={from}
                      />
                    </Table.Td>
                    <Table.Td>
                      {!disabled ? (
                        <RowActions>
                          <EditIconButton name={name} onClick={() => props.onEdit(key, value)} />
                          {mine && from !== undefined ? (
                            <RowAction
                              tooltip={t("policies.editor.revert")}
                              label={t("policies.editor.revertNamed", { item: name })}
                              icon={<IconArrowBackUp size={16} />}
                              onClick={() => props.onRemove(key)}
                            />
                          ) : null}
                          {mine && from === undefined ? (
                            <DeleteIconButton
                              name={name}
                              onClick={() =>
                                confirmAction({
                                  title: texts.deleteTitle,
                                  message: texts.deleteMessage(name),
                                  onConfirm: () => props.onRemove(key),
                                })
                              }
                            />
                          ) : null}
                        </RowActions>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </ListTable>
        )}
      </Stack>
      {props.children}
    </Paper>
  );
}

/** Added by this policy, Overridden, or Inherited (and from where). */
function SourceCell({
  texts,
  overridden,
  added,
  from,
}: {
  texts: KeyedItemsTexts;
  overridden: boolean;
  added: boolean;
  from: InheritedValue | undefined;
}) {
  const t = useT();
  if (added)
    return (
      <Badge variant="light" color="teal" title={texts.ownHelp} styles={fullLabel}>
        {texts.own}
      </Badge>
    );
  if (overridden)
    return (
      <Badge variant="light" color="orange" styles={fullLabel}>
        {t("policies.badges.overridden")}
      </Badge>
    );
  return (
    <Stack gap={2}>
      <Badge variant="light" color="gray" styles={fullLabel}>
        {t("policies.badges.inherited")}
      </Badge>
      {from?.sourceName ? (
        <Text size="xs" c="dimmed">
          {t("policies.editor.inheritedFrom", { policy: from.sourceName })}
        </Text>
      ) : null}
    </Stack>
  );
}
