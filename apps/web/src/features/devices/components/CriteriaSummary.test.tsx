import { afterEach, describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { setLocaleSettings } from "../../../i18n";
import { renderApp } from "../../../test/render";
import { CriteriaSummary } from "./CriteriaSummary";

afterEach(() => setLocaleSettings({ locale: "en" }));

describe("a saved search's criteria in words", () => {
  it("names the Outdated agents search and says when archived devices are included", () => {
    renderApp(<CriteriaSummary criteria={{ builtIn: "OUTDATED_AGENTS", includeArchived: true }} />);
    expect(screen.getByText("Outdated agents · archived devices included")).toBeTruthy();
  });

  it("says it in German", () => {
    setLocaleSettings({ locale: "de" });
    renderApp(<CriteriaSummary criteria={{ builtIn: "OUTDATED_AGENTS", includeArchived: true }} />);
    expect(screen.getByText("Veraltete Agenten · archivierte Geräte eingeschlossen")).toBeTruthy();
  });
});
