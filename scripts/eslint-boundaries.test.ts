import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint, type Linter } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
// @ts-expect-error -- the flat config is plain JavaScript without type declarations
import { stewardPlugin } from "../eslint.config.js";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
// Fixture files need not exist: ESLint lints the given text as if it lived at that path.
const fixtureRoot = path.join(os.tmpdir(), "steward-eslint-fixtures");

const eslint = new ESLint({
  cwd: fixtureRoot,
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ["**/*.ts", "**/*.tsx"],
      languageOptions: { parser: tseslint.parser as Linter.Parser },
      plugins: { steward: stewardPlugin as ESLint.Plugin },
      rules: {
        "steward/server-boundaries": "error",
        "steward/web-boundaries": ["error", { aliases: ["@"] }],
      },
    },
  ],
});

/** The boundary findings (message ids) for `code` placed at `file` (relative to a fake repo). */
async function findings(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(fixtureRoot, file) });
  if (!result) throw new Error("no lint result");
  const fatal = result.messages.filter((m) => m.fatal);
  if (fatal.length > 0) throw new Error(`fixture does not parse: ${fatal[0]!.message}`);
  return result.messages.map((m) => m.messageId ?? m.ruleId ?? "?");
}

describe("server import boundaries", () => {
  const service = "apps/server/src/modules/organizations/organizations.service.ts";

  it("reports a module reaching into another module's files", async () => {
    expect(await findings(service, `import { createAuthService } from "../auth/auth.service.js";`)).toEqual([
      "moduleIndex",
    ]);
    expect(await findings(service, `import type { Session } from "../auth/auth.service.js";`)).toEqual([
      "moduleIndex",
    ]);
    expect(await findings(service, `export * from "../auth/internal/helpers.js";`)).toEqual(["moduleIndex"]);
    expect(await findings(service, `const m = await import("../auth/auth.routes.js"); void m;`)).toEqual([
      "moduleIndex",
    ]);
    expect(
      await findings(service, `import { x } from "../../modules/technicians/sub/index.js"; void x;`),
    ).toEqual(["moduleIndex"]);
  });

  it("accepts another module's index, its tables file, and the module's own files", async () => {
    const legal = [
      `import { authModule } from "../auth/index.js";`,
      `import { users } from "../technicians/technicians.tables.js";`,
      `import { repo } from "./organizations.repository.js";`,
      `import { helper } from "./internal/helper.js";`,
      `import { AppError } from "../../platform/errors/app-error.js";`,
      `import { z } from "zod";`,
      `import { organizationResponse } from "@steward/contracts";`,
    ].join("\n");
    expect(await findings(service, legal)).toEqual([]);
  });

  it("keeps platform/ independent of modules/, except the schema aggregate", async () => {
    expect(
      await findings(
        "apps/server/src/platform/identity/access.ts",
        `import { authModule } from "../../modules/auth/index.js";`,
      ),
    ).toEqual(["platformToModule"]);
    expect(
      await findings(
        "apps/server/src/platform/db/schema.ts",
        `export * from "../../modules/organizations/organizations.tables.js";`,
      ),
    ).toEqual([]);
  });

  it("lets the composition root wire modules through their index", async () => {
    expect(
      await findings("apps/server/src/app.ts", `import { authModule } from "./modules/auth/index.js";`),
    ).toEqual([]);
  });
});

describe("web import boundaries", () => {
  const page = "apps/web/src/features/organizations/pages/OrganizationsPage.tsx";

  it("reports a feature reaching into another feature's files", async () => {
    expect(await findings(page, `import { useTechnicians } from "../../technicians/api";`)).toEqual([
      "featureIndex",
    ]);
    expect(await findings(page, `import { X } from "@/features/technicians/components/X";`)).toEqual([
      "featureIndex",
    ]);
  });

  it("accepts another feature's index and the feature's own files", async () => {
    const legal = [
      `import { InviteDialog } from "../../technicians";`,
      `import { InviteDialog as D } from "../../technicians/index";`,
      `import { routes } from "@/features/technicians/index.ts";`,
      `import { useOrganizations } from "../api";`,
      `import { Button } from "../../../ui/Button";`,
      `import { Stack } from "@mantine/core";`,
    ].join("\n");
    expect(await findings(page, legal)).toEqual([]);
  });

  it("lets the route registry take each feature's routes file; other code outside features/ uses the index", async () => {
    const registry = "apps/web/src/app/registry.ts";
    expect(await findings(registry, `import { authRoutes } from "../features/auth/routes";`)).toEqual([]);
    expect(await findings(registry, `import { authRoutes } from "../features/auth";`)).toEqual([]);
    expect(await findings(registry, `import { LoginPage } from "../features/auth/pages/LoginPage";`)).toEqual(
      ["outsideIndex"],
    );
    expect(
      await findings("apps/web/src/app/router.tsx", `import { authRoutes } from "../features/auth/routes";`),
    ).toEqual(["outsideIndex"]);
    expect(
      await findings("apps/web/src/lib/helper.ts", `import { x } from "@/features/devices/api";`),
    ).toEqual(["outsideIndex"]);
    expect(
      await findings("apps/web/src/app/layout/Sidebar.tsx", `import { useCan } from "../../features/auth";`),
    ).toEqual([]);
    expect(await findings(page, `import { technicianRoutes } from "../../technicians/routes";`)).toEqual([
      "featureIndex",
    ]);
  });

  it("keeps ui/ free of features and the app shell", async () => {
    const widget = "apps/web/src/ui/DataTable.tsx";
    expect(await findings(widget, `import { useOrganizations } from "../features/organizations";`)).toEqual([
      "uiImport",
    ]);
    expect(await findings(widget, `import { registry } from "@/app/routes";`)).toEqual(["uiImport"]);
    expect(
      await findings(
        widget,
        `import { EmptyState } from "./EmptyState";\nimport { Table } from "@mantine/core";`,
      ),
    ).toEqual([]);
  });
});

describe("eslint.config.js", () => {
  it("turns the boundary rules on for the server and web sources", async () => {
    const real = new ESLint({ cwd: repoRoot });
    const server = (await real.calculateConfigForFile(
      "apps/server/src/modules/auth/auth.service.ts",
    )) as Linter.Config;
    const web = (await real.calculateConfigForFile("apps/web/src/features/auth/api.ts")) as Linter.Config;
    expect(server.rules?.["steward/server-boundaries"]).toEqual([2]);
    expect(server.rules?.["@typescript-eslint/no-floating-promises"]).toEqual([2]);
    expect(web.rules?.["steward/web-boundaries"]).toEqual([2, { aliases: ["@"] }]);
  });
});
