import { fillTemplate, sharedEn } from "@steward/contracts";
import type {
  CustomFieldValues,
  createCustomFieldRequest,
  listCustomFieldsQuery,
  putCustomFieldValuesRequest,
  updateCustomFieldRequest,
} from "@steward/contracts";
import {
  checkCustomFieldValue,
  effectiveValue,
  type CustomFieldDefinitionLike,
  type CustomFieldOptions,
  type ValueSource,
} from "@steward/domain";
import type { z } from "zod";
import { AppError } from "../../platform/errors/app-error.js";
import { audit, type Scope } from "../../platform/identity/index.js";
import { refreshFieldValues, type Actor, type DevicesService, type FieldScope } from "../devices/index.js";
import {
  globalOnly,
  roleOnly,
  type CustomFieldsRepository,
  type DefinitionRow,
  type Level,
  type ValueRow,
} from "./custom-fields.repository.js";

type Value = CustomFieldValues["items"][number]["value"];

const fieldNotFound = () => new AppError("E_CUSTOM_FIELD_NOT_FOUND", 404);

/** A stored definition as the value rules read it (type, behaviour, options) plus its label. */
function ruleOf(row: DefinitionRow): CustomFieldDefinitionLike & { label: string } {
  return {
    label: row.label,
    type: row.type as CustomFieldDefinitionLike["type"],
    behaviour: row.behaviour as CustomFieldDefinitionLike["behaviour"],
    options: (row.options ?? {}) as CustomFieldOptions,
  };
}

function nameTaken(error: unknown, name: string): never {
  for (let e: unknown = error; e !== null && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === "23505" && constraint === "custom_fields_name_key") {
      throw new AppError("E_CUSTOM_FIELD_NAME_TAKEN", 409, {
        id: "errors.customFields.nameTaken",
        values: { name },
      });
    }
  }
  throw error;
}

const scopeOf = (level: Level): FieldScope =>
  level.kind === "DEVICE"
    ? { deviceId: level.deviceId }
    : level.kind === "LOCATION"
      ? { locationId: level.locationId }
      : { organizationId: level.organizationId };

const levelOf = (row: ValueRow): ValueSource =>
  row.deviceId !== null ? "DEVICE" : row.locationId !== null ? "LOCATION" : "ORGANIZATION";

/**
 * Custom fields: definitions (global, per role; ten types, six behaviours) and values set at an
 * organization, a location or a device. A device reads the nearest value: device, location,
 * organization. Behaviours on console writes: READ_ONLY fields are refused (scripts and the API of
 * later issues write them); a REQUIRED field cannot be left without a value on a device.
 * REQUIRED_TO_CREATE and REQUIRED_TO_RESOLVE concern tickets (a later issue) and act as OPTIONAL
 * here; HIDDEN fields are answered with their behaviour so the console can hide them.
 */
export interface CustomFieldsDeps {
  repo: CustomFieldsRepository;
  devices: DevicesService;
  /**
   * Called after values were written, with the devices whose values may have changed (null: any
   * device below an organization or location). Custom-field conditions are evaluated again.
   */
  onValuesChanged?: (deviceIds: number[] | null) => void;
}

export function createCustomFieldsService(deps: CustomFieldsDeps) {
  const { repo, devices } = deps;

  async function existing(id: number) {
    const row = await repo.definition(id);
    if (!row) throw fieldNotFound();
    return row;
  }

  /** The applicable fields and the values at this level and above (two queries). */
  async function load(level: Level) {
    const [fields, values] = await Promise.all([repo.applicable(level), repo.valuesFor(level)]);
    const at = new Map<string, Value>(values.map((v) => [`${v.fieldId}:${levelOf(v)}`, v.value as Value]));
    const levelsOf = (fieldId: number) => ({
      device: level.kind === "DEVICE" ? at.get(`${fieldId}:DEVICE`) : undefined,
      location: level.kind !== "ORGANIZATION" ? at.get(`${fieldId}:LOCATION`) : undefined,
      organization: at.get(`${fieldId}:ORGANIZATION`),
    });
    return { fields, at, levelsOf };
  }

  /** Every applicable field with its value at the level and the value in effect there (the route presents the fields). */
  async function valuesAt(level: Level) {
    const { fields, at, levelsOf } = await load(level);
    return {
      items: fields.map((field) => {
        const effective = effectiveValue(levelsOf(field.id));
        return {
          field,
          value: at.get(`${field.id}:${level.kind}`) ?? null,
          effectiveValue: effective?.value ?? null,
          effectiveSource: effective?.source ?? null,
        };
      }),
    };
  }

  return {
    async listDefinitions(query: z.output<typeof listCustomFieldsQuery>) {
      const wantGlobal = query.scope !== "role" && query.roleId === undefined;
      const wantRole = query.scope !== "global";
      const [global, role] = await Promise.all([
        wantGlobal ? repo.definitions(globalOnly()) : [],
        wantRole ? repo.definitions(roleOnly(query.roleId)) : [],
      ]);
      return { globalCustomFields: global, roleCustomFields: role };
    },

    get: (id: number) => existing(id),

    async create(input: z.output<typeof createCustomFieldRequest>, actor: Actor) {
      if (input.roleId !== null && !(await repo.roleExists(input.roleId))) {
        throw new AppError("E_DEVICE_ROLE_NOT_FOUND", 404);
      }
      const id = await repo.insertDefinition(input).catch((e: unknown) => nameTaken(e, input.name));
      await audit(repo.db, actor, {
        action: "custom_field.create",
        targetType: "custom_field",
        targetId: id,
        data: { name: input.name, type: input.type },
      });
      return existing(id);
    },

    /** Changing choices or bounds leaves stored values as they are; they are checked on their next change. */
    async update(id: number, input: z.output<typeof updateCustomFieldRequest>, actor: Actor) {
      const row = await existing(id);
      const set = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
      const options = (input.options ?? row.options) as CustomFieldOptions;
      if ((row.type === "DROPDOWN" || row.type === "MULTI_SELECT") && (options.choices ?? []).length === 0) {
        throw new AppError("E_VALIDATION", 400, {
          id: "errors.validation.field",
          values: { field: "options.choices", issue: sharedEn.validation.choices.required },
        });
      }
      await repo.updateDefinition(id, set);
      await audit(repo.db, actor, {
        action: "custom_field.update",
        targetType: "custom_field",
        targetId: id,
        data: set,
      });
      return existing(id);
    },

    async remove(id: number, actor: Actor) {
      if (!(await repo.deleteDefinition(id))) throw fieldNotFound();
      await audit(repo.db, actor, {
        action: "custom_field.delete",
        targetType: "custom_field",
        targetId: id,
      });
    },

    /**
     * The level a value route names, found inside the caller's scope (an organization, location
     * or device outside it answers like one that does not exist).
     */
    async level(
      scope: Scope,
      kind: "ORGANIZATION" | "LOCATION" | "DEVICE",
      ids: { organizationId?: number; locationId?: number; deviceId?: number },
    ): Promise<Level> {
      if (kind === "DEVICE") {
        const device = await repo.device(scope, ids.deviceId ?? 0);
        if (!device) throw new AppError("E_DEVICE_NOT_FOUND", 404);
        return {
          kind,
          deviceId: device.id,
          organizationId: device.organizationId,
          locationId: device.locationId,
          roleId: device.roleId,
        };
      }
      const organizationId = ids.organizationId ?? 0;
      if (!(await repo.organizationExists(scope, organizationId)))
        throw new AppError("E_ORGANIZATION_NOT_FOUND", 404);
      if (kind === "ORGANIZATION") return { kind, organizationId };
      const locationId = ids.locationId ?? 0;
      if (!(await repo.location(scope, organizationId, locationId)))
        throw new AppError("E_LOCATION_NOT_FOUND", 404);
      return { kind, organizationId, locationId };
    },

    valuesAt,

    /** Sets values at one level, all or nothing: every problem is reported with the spec's messages. */
    async putValues(level: Level, input: z.output<typeof putCustomFieldValuesRequest>, actor: Actor) {
      const { fields: rows, levelsOf } = await load(level);
      const fields = new Map(rows.map((r) => [r.id, ruleOf(r)]));
      const issues: { fieldId: number; message: string }[] = [];
      const writes: { fieldId: number; value: ReturnType<typeof checkCustomFieldValue> & { ok: true } }[] =
        [];
      for (const { fieldId, value } of input.values) {
        const field = fields.get(fieldId);
        if (!field) {
          if (await repo.definition(fieldId)) {
            throw new AppError(
              "E_CUSTOM_FIELD_NOT_APPLICABLE",
              400,
              { id: "errors.customFields.notApplicable" },
              { fieldId },
            );
          }
          throw fieldNotFound();
        }
        if (field.behaviour === "READ_ONLY") {
          throw new AppError(
            "E_CUSTOM_FIELD_READ_ONLY",
            400,
            { id: "errors.customFields.readOnly", values: { label: field.label } },
            { fieldId },
          );
        }
        // A required field may be cleared on a device only while a location or organization value stands in.
        const above = levelsOf(fieldId);
        const inherited = above.location !== undefined || above.organization !== undefined;
        const mandatory = level.kind === "DEVICE" && field.behaviour === "REQUIRED" && !inherited;
        const checked = checkCustomFieldValue(field, value, mandatory);
        if (checked.ok) writes.push({ fieldId, value: checked });
        else issues.push({ fieldId, message: checked.message });
      }
      const first = issues[0];
      if (first) throw new AppError("E_CUSTOM_FIELD_INVALID", 400, { english: first.message }, { issues });
      const userId = actor?.auth?.session.user.id ?? null;
      await repo.transaction(async (tx) => {
        for (const w of writes) await tx.setValue(level, w.fieldId, w.value.value, userId);
        // The grid filters on each device's effective values: recompute them below this level.
        if (writes.length > 0)
          await refreshFieldValues(
            tx.db,
            scopeOf(level),
            writes.map((w) => w.fieldId),
          );
      });
      if (writes.length > 0) deps.onValuesChanged?.(level.kind === "DEVICE" ? [level.deviceId] : null);
      if (level.kind === "DEVICE" && writes.length > 0) {
        const labels = writes.map((w) => fields.get(w.fieldId)?.label ?? "").join(", ");
        await devices.repo.addActivity(
          level.deviceId,
          level.organizationId,
          "CUSTOM_FIELDS_CHANGED",
          fillTemplate(sharedEn.activity.customFieldsChanged, { fields: labels }),
          {
            fieldIds: writes.map((w) => w.fieldId),
          },
          userId,
        );
      }
      return valuesAt(level);
    },
  };
}

export type CustomFieldsService = ReturnType<typeof createCustomFieldsService>;
