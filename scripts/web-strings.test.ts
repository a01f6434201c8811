import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { consoleSourceFiles, findHardCodedStrings } from "./lib/web-strings";

const webRoot = fileURLToPath(new URL("../apps/web/src", import.meta.url));

describe("hard-coded text finder", () => {
  const find = (code: string) => findHardCodedStrings("x.tsx", code).map((f) => f.text);

  it("finds JSX text, text attributes and text properties", () => {
    expect(find(`const a = <Button label="Save" title={ok ? "Done" : "Not yet"}>Run now</Button>;`)).toEqual([
      "Save",
      "Done",
      "Not yet",
      "Run now",
    ]);
    expect(find(`notifications.show({ title: "Saved", message: \`Device \${name} renamed\` });`)).toEqual([
      "Saved",
      "Device {x} renamed",
    ]);
    expect(find(`function f() { return "The device is offline."; }`)).toEqual(["The device is offline."]);
  });

  it("leaves message ids, code values and exempted lines alone", () => {
    expect(
      find(`
        const a = <Text c="dimmed" variant="light" className="a b" data-testid="X Y">{t("devices.grid.title")}</Text>;
        if (os === "Windows Server") x = { type: "Windows", to: "/devices" };
        import { x } from "./Some Thing";
        const b = t("common.actions.save");
        const c = "PowerShell"; // i18n-exempt: product name
        throw new Error("Never shown to people");
      `),
    ).toEqual([]);
  });
});

describe("the console", () => {
  it("keeps every user-visible text in its catalogue", () => {
    // WEB_STRINGS_ONLY=features/devices,app limits the report to some folders (while translating).
    const only = (process.env.WEB_STRINGS_ONLY ?? "").split(",").filter(Boolean);
    const found = consoleSourceFiles(webRoot)
      .filter((file) => only.length === 0 || only.some((p) => path.relative(webRoot, file).startsWith(p)))
      .flatMap((file) => findHardCodedStrings(file, fs.readFileSync(file, "utf8")))
      .map((f) => `${path.relative(webRoot, f.file)}:${f.line}  ${f.text}`);
    console.log(`hard-coded texts: ${found.length}`);
    expect(found).toEqual([]);
  });
});
