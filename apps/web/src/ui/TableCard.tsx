import type { CSSProperties, ReactNode } from "react";
import { Paper, Table, VisuallyHidden } from "@mantine/core";
import type { TableProps } from "@mantine/core";

interface ListTableProps {
  /** What the table lists, read by screen readers as its caption (not shown). */
  caption: string;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /** Thead and Tbody. */
  children: ReactNode;
  verticalSpacing?: TableProps["verticalSpacing"];
  highlightOnHover?: boolean;
}

/** A list table that scrolls sideways when the page is narrower than `minWidth`. */
export function ListTable({
  caption,
  minWidth,
  children,
  verticalSpacing = "xs",
  highlightOnHover = true,
}: ListTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing={verticalSpacing} highlightOnHover={highlightOnHover}>
        <VisuallyHidden component="caption">{caption}</VisuallyHidden>
        {children}
      </Table>
    </Table.ScrollContainer>
  );
}

interface TableCardProps extends ListTableProps {
  /** data-testid of the card. */
  testId?: string;
  style?: CSSProperties;
}

/** A `ListTable` on a bordered card. */
export function TableCard({ testId, style, ...table }: TableCardProps) {
  return (
    <Paper withBorder radius="md" data-testid={testId} style={style}>
      <ListTable {...table} />
    </Paper>
  );
}
