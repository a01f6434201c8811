import type { CSSProperties, ReactNode } from "react";
import { Paper, Table } from "@mantine/core";
import type { TableProps } from "@mantine/core";

interface TableCardProps {
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /** Thead and Tbody. */
  children: ReactNode;
  verticalSpacing?: TableProps["verticalSpacing"];
  highlightOnHover?: boolean;
  /** data-testid of the card. */
  testId?: string;
  style?: CSSProperties;
}

/** A list table on a bordered card, scrolling sideways when the page is narrower than `minWidth`. */
export function TableCard({
  minWidth,
  children,
  verticalSpacing = "xs",
  highlightOnHover = true,
  testId,
  style,
}: TableCardProps) {
  return (
    <Paper withBorder radius="md" data-testid={testId} style={style}>
      <Table.ScrollContainer minWidth={minWidth}>
        <Table verticalSpacing={verticalSpacing} highlightOnHover={highlightOnHover}>
          {children}
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
