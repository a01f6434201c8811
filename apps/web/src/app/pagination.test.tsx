import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { Pagination } from "@mantine/core";
import { setLocaleSettings } from "../i18n";
import { renderApp } from "../test/render";

describe("pagination arrows", () => {
  it("are named in the reader's language", async () => {
    renderApp(<Pagination total={5} value={2} onChange={() => {}} withEdges />);
    expect(await screen.findByRole("button", { name: "Next page" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "First page" })).toBeTruthy();
  });

  it("are named in German when German is on", async () => {
    setLocaleSettings({ locale: "de" });
    renderApp(<Pagination total={5} value={2} onChange={() => {}} withEdges />);
    expect(await screen.findByRole("button", { name: "Nächste Seite" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Vorherige Seite" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Erste Seite" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Letzte Seite" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Next page" })).toBeNull();
  });
});
