// ESLint 9 flat config: type-aware TypeScript rules, React hooks for the console, and the
// import-boundary rules of docs/ARCHITECTURE.md as a small local plugin (`steward/*`).
import fs from "node:fs";
import path from "node:path";
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

// ---------------------------------------------------------------------------------------------
// Import boundaries
// ---------------------------------------------------------------------------------------------

const SOURCE_EXTENSION = /\.(?:[cm]?[jt]sx?)$/;

/** Posix path of an import target relative to `srcRoot`, or undefined for packages and outside files. */
function targetInSrc(filename, specifier, srcRoot, aliases) {
  let absolute;
  if (specifier.startsWith("./") || specifier.startsWith("../") || specifier === "." || specifier === "..") {
    absolute = path.posix.resolve(path.posix.dirname(filename), specifier);
  } else {
    const alias = aliases.find((a) => specifier === a || specifier.startsWith(`${a}/`));
    if (alias === undefined) return undefined;
    absolute = path.posix.join(srcRoot, specifier.slice(alias.length));
  }
  const relative = path.posix.relative(srcRoot, absolute);
  if (relative.startsWith("..") || path.posix.isAbsolute(relative)) return undefined;
  return relative.replace(SOURCE_EXTENSION, "");
}

/** Splits a filename at `/apps/<app>/src/`: [srcRoot, path inside src] (posix), or undefined. */
function locate(filename, app) {
  const posix = filename.split(path.sep).join("/");
  const marker = `/apps/${app}/src/`;
  const at = posix.lastIndexOf(marker);
  if (at === -1) return undefined;
  return [
    posix.slice(0, at + marker.length - 1),
    posix.slice(at + marker.length).replace(SOURCE_EXTENSION, ""),
  ];
}

/** Calls `check(specifier, node)` for every static import, re-export, dynamic import and import type. */
function importVisitors(check) {
  const literal = (node) =>
    node && node.type === "Literal" && typeof node.value === "string" ? node : undefined;
  const visit = (source, node) => {
    const lit = literal(source);
    if (lit) check(lit.value, lit ?? node);
  };
  return {
    ImportDeclaration: (node) => visit(node.source, node),
    ExportNamedDeclaration: (node) => visit(node.source, node),
    ExportAllDeclaration: (node) => visit(node.source, node),
    ImportExpression: (node) => visit(node.source, node),
    TSImportType: (node) =>
      visit(node.argument?.type === "TSLiteralType" ? node.argument.literal : node.argument, node),
    TSExternalModuleReference: (node) => visit(node.expression, node),
  };
}

/** First segment under `area/` (`modules/auth/x` → "auth"), or undefined when not inside `area/<name>/`. */
function areaOf(relative, area) {
  const parts = relative.split("/");
  return parts[0] === area && parts.length >= 3 ? parts[1] : undefined;
}

const aliasOption = {
  type: "object",
  properties: { aliases: { type: "array", items: { type: "string" } } },
  additionalProperties: false,
};

const serverBoundaries = {
  meta: {
    type: "problem",
    docs: {
      description: "apps/server: modules meet only through their index; platform does not depend on modules",
    },
    schema: [aliasOption],
    messages: {
      moduleIndex:
        'Module "{{from}}" may use module "{{to}}" only through modules/{{to}}/index (or its *.tables file for foreign keys), not "{{specifier}}".',
      platformToModule:
        'platform/ must not import from modules/ ("{{specifier}}"); only platform/db/schema.ts aggregates module tables.',
    },
  },
  create(context) {
    const located = locate(context.filename, "server");
    if (!located) return {};
    const [srcRoot, self] = located;
    const aliases = context.options[0]?.aliases ?? [];
    const fromModule = areaOf(self, "modules");
    const inPlatform = self.startsWith("platform/");
    return importVisitors((specifier, node) => {
      const target = targetInSrc(context.filename, specifier, srcRoot, aliases);
      if (target === undefined || !target.startsWith("modules/")) return;
      if (inPlatform) {
        if (self !== "platform/db/schema") {
          context.report({ node, messageId: "platformToModule", data: { specifier } });
        }
        return;
      }
      if (fromModule === undefined) return;
      const parts = target.split("/");
      const toModule = parts[1];
      if (toModule === undefined || toModule === fromModule) return;
      const rest = parts.slice(2).join("/");
      const allowed = rest === "" || rest === "index" || (parts.length === 3 && rest.endsWith(".tables"));
      if (!allowed) {
        context.report({
          node,
          messageId: "moduleIndex",
          data: { from: fromModule, to: toModule, specifier },
        });
      }
    });
  },
};

const webBoundaries = {
  meta: {
    type: "problem",
    docs: {
      description:
        "apps/web: features are used only through their index (the route registry also takes their routes); ui/ imports no feature or app code",
    },
    schema: [aliasOption],
    messages: {
      featureIndex:
        'Feature "{{from}}" may use feature "{{to}}" only through features/{{to}}/index, not "{{specifier}}".',
      outsideIndex:
        'Outside features/, feature "{{to}}" is used only through features/{{to}}/index (app/registry.ts takes features/{{to}}/routes, i18n/catalogue.ts its i18n texts), not "{{specifier}}".',
      uiImport:
        'ui/ must not import from {{area}}/ ("{{specifier}}"): shared UI stays independent of features and the app shell.',
    },
  },
  create(context) {
    const located = locate(context.filename, "web");
    if (!located) return {};
    const [srcRoot, self] = located;
    const aliases = context.options[0]?.aliases ?? [];
    const fromFeature = areaOf(self, "features");
    const inUi = self.startsWith("ui/");
    return importVisitors((specifier, node) => {
      const target = targetInSrc(context.filename, specifier, srcRoot, aliases);
      if (target === undefined) return;
      const area = target.split("/")[0];
      if (inUi) {
        if (area === "features" || area === "app") {
          context.report({ node, messageId: "uiImport", data: { area, specifier } });
        }
        return;
      }
      if (area !== "features") return;
      const parts = target.split("/");
      const toFeature = parts[1];
      if (toFeature === undefined || toFeature === fromFeature) return;
      const rest = parts.slice(2).join("/");
      if (rest === "" || rest === "index") return;
      if (fromFeature !== undefined) {
        context.report({
          node,
          messageId: "featureIndex",
          data: { from: fromFeature, to: toFeature, specifier },
        });
        return;
      }
      // The registry collects every feature's route entries straight from its routes file.
      if (self === "app/registry" && rest === "routes") return;
      // The catalogue collects every feature's texts straight from its i18n folder(s).
      if (self === "i18n/catalogue" && /(^|\/)i18n\/(en|de)$/.test(rest)) return;
      context.report({ node, messageId: "outsideIndex", data: { to: toFeature, specifier } });
    });
  },
};

/** The local plugin; exported for its tests (scripts/eslint-boundaries.test.ts). */
export const stewardPlugin = {
  meta: { name: "steward" },
  rules: { "server-boundaries": serverBoundaries, "web-boundaries": webBoundaries },
};

// ---------------------------------------------------------------------------------------------
// Configuration
// ---------------------------------------------------------------------------------------------

const TS = ["**/*.ts", "**/*.tsx", "**/*.mts", "**/*.cts"];
// TypeScript files outside every tsconfig project: linted with the default project (the base
// compiler options). e2e/ joins them until it has a tsconfig.json of its own.
const DEFAULT_PROJECT_FILES = [
  "scripts/*.ts",
  "scripts/lib/*.ts",
  ...(fs.existsSync(path.join(import.meta.dirname, "e2e/tsconfig.json")) ? [] : ["e2e/*.ts", "e2e/*/*.ts"]),
];

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "**/dist-types/**",
      "**/coverage/**",
      "var/**",
      ".steward-test/**",
      "test-results/**",
      "e2e/artifacts/**",
      "apps/server/drizzle/**",
      "**/*.config.*",
      "!eslint.config.js",
    ],
  },
  js.configs.recommended,
  {
    files: ["**/*.js", "**/*.mjs", "**/*.cjs"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: TS,
    extends: [tseslint.configs.recommended],
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: DEFAULT_PROJECT_FILES,
          defaultProject: "tsconfig.base.json",
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 32,
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/switch-exhaustiveness-check": [
        "error",
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    files: [
      "apps/server/**/*.ts",
      "apps/agent/**/*.ts",
      "packages/**/*.ts",
      "e2e/**/*.ts",
      "bench/**/*.ts",
      "scripts/**/*.ts",
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ["apps/server/src/**/*.ts"],
    plugins: { steward: stewardPlugin },
    rules: { "steward/server-boundaries": "error" },
  },
  {
    files: ["apps/web/src/**/*.ts", "apps/web/src/**/*.tsx"],
    plugins: { steward: stewardPlugin, "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      "steward/web-boundaries": ["error", { aliases: ["@"] }],
    },
  },
);
