import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import type {
  saveScriptRequest,
  ScriptTemplate,
  scriptListQuery,
  scriptTemplateListQuery,
} from "@steward/contracts";
import { AppError } from "../../platform/errors/app-error.js";
import { audit } from "../../platform/identity/index.js";
import type { ScriptsRepository } from "./scripts.repository.js";
import { scriptTemplates } from "./templates/index.js";

type SaveInput = z.output<typeof saveScriptRequest>;

const notFound = () => new AppError("E_SCRIPT_NOT_FOUND", 404);
const templateNotFound = () => new AppError("E_SCRIPT_TEMPLATE_NOT_FOUND", 404);

function nameTaken(error: unknown, name: string): never {
  for (let e: unknown = error; e !== null && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === "23505" && constraint === "scripts_name_key") {
      throw new AppError("E_SCRIPT_NAME_TAKEN", 409, { id: "errors.scripts.nameTaken", values: { name } });
    }
  }
  throw error;
}

const userIdOf = (request: FastifyRequest) => request.auth?.session.user.id ?? null;

const columnsOf = (input: SaveInput) => ({
  name: input.name,
  description: input.description,
  language: input.language,
  os: input.os,
  architecture: input.architecture,
  timeoutSeconds: input.timeoutSeconds,
  parameters: input.parameters,
  presets: input.presets,
  body: input.body,
});

const matches = (t: ScriptTemplate, q: z.output<typeof scriptTemplateListQuery>) =>
  (!q.language || t.language === q.language) &&
  (!q.os || t.os === q.os) &&
  (!q.category || t.category === q.category) &&
  (!q.search || `${t.name}\n${t.description}`.toLowerCase().includes(q.search.toLowerCase()));

/**
 * The script library and its built-in templates (administration → library → scripting). Answers
 * library rows; the routes present them.
 */
export interface ScriptsDeps {
  repo: ScriptsRepository;
  /** Called after a script was changed or deleted (the policies that use it move their version). */
  onChanged?: (scriptId: number) => Promise<unknown>;
}

export function createScriptsService({ repo, onChanged }: ScriptsDeps) {
  async function existing(id: number) {
    const row = await repo.find(id);
    if (!row) throw notFound();
    return row;
  }

  function template(id: string): ScriptTemplate {
    const found = scriptTemplates.find((t) => t.id === id);
    if (!found) throw templateNotFound();
    return found;
  }

  /** The template's name, or "name (2)", "name (3)" … when the library already has it. */
  async function freeName(name: string): Promise<string> {
    for (let n = 1; n <= 100; n++) {
      const candidate = n === 1 ? name : `${name} (${n})`;
      if (!(await repo.nameExists(candidate))) return candidate;
    }
    return `${name} (${Date.now()})`;
  }

  return {
    async list(query: z.output<typeof scriptListQuery>) {
      const { items, total } = await repo.list(query, query.page, query.pageSize);
      return { items, total, page: query.page, pageSize: query.pageSize };
    },

    get: (id: number) => existing(id),

    async create(input: SaveInput, request: FastifyRequest, templateId: string | null = null) {
      const userId = userIdOf(request);
      const id = await repo
        .insert({ ...columnsOf(input), templateId, createdByUserId: userId, updatedByUserId: userId })
        .catch((e: unknown) => nameTaken(e, input.name));
      await audit(repo.db, request, {
        action: "script.create",
        targetType: "script",
        targetId: id,
        data: { name: input.name, language: input.language, templateId },
      });
      return existing(id);
    },

    async update(id: number, input: SaveInput, request: FastifyRequest) {
      const updated = await repo
        .update(id, { ...columnsOf(input), updatedByUserId: userIdOf(request) })
        .catch((e: unknown) => nameTaken(e, input.name));
      if (!updated) throw notFound();
      await audit(repo.db, request, {
        action: "script.update",
        targetType: "script",
        targetId: id,
        data: { name: input.name },
      });
      await onChanged?.(id);
      return existing(id);
    },

    async remove(id: number, request: FastifyRequest): Promise<void> {
      const row = await existing(id);
      if (!(await repo.delete(id))) throw notFound();
      await audit(repo.db, request, {
        action: "script.delete",
        targetType: "script",
        targetId: id,
        data: { name: row.name },
      });
      await onChanged?.(id);
    },

    listTemplates: (query: z.output<typeof scriptTemplateListQuery>) =>
      scriptTemplates.filter((t) => matches(t, query)).map(({ body: _body, ...summary }) => summary),

    getTemplate: template,

    /** Copies a template into the library (the copy is the user's to change). */
    async copyTemplate(id: string, name: string | undefined, request: FastifyRequest) {
      const t = template(id);
      const { id: _id, category: _category, readOnly: _readOnly, ...definition } = t;
      return this.create({ ...definition, name: name ?? (await freeName(t.name)) }, request, t.id);
    },
  };
}

export type ScriptsService = ReturnType<typeof createScriptsService>;
