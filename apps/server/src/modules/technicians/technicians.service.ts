import type { CreateTechnicianRequest, Locale, UpdateTechnicianRequest } from "@steward/contracts";
import { createTechnicianRequest, negotiateLocale, sharedEn } from "@steward/contracts";
import { AppError } from "../../platform/errors/app-error.js";
import type { AppDeps } from "../../platform/deps.js";
import { hashPassword, randomToken, sha256 } from "../../platform/crypto/index.js";
import { deleteUserSessions, type AuthContext } from "../../platform/identity/index.js";
import { translatorFor } from "../../platform/i18n/translator.js";
import type { RolesService } from "../roles/index.js";
import type { TechnicianRow, TechniciansRepository } from "./technicians.repository.js";
import { invitationMail } from "./technicians.mail.js";

export const INVITE_VALID_HOURS = 24;

const userNotFound = () => new AppError("E_USER_NOT_FOUND", 404);

/** A technician row with the roles they hold (the routes present it). */
export interface HeldTechnician {
  row: TechnicianRow;
  roleIds: number[];
}

/** An invitation just issued: the technician, the link and whether it was mailed. */
export interface IssuedInvite {
  technician: HeldTechnician;
  inviteUrl: string;
  inviteExpiresAt: string;
  emailSent: boolean;
}

/** Who is inviting: the signed-in technician and the languages their browser asks for. */
export interface Inviter {
  auth: AuthContext;
  /** The request's Accept-Language header. */
  acceptLanguage?: string | undefined;
}

/** Technician administration: invite, edit, disable, delete; and accepting an invite. */
export function createTechniciansService(
  deps: Pick<AppDeps, "db" | "config" | "mailer">,
  {
    roles,
    repo,
    languageOf,
    passwords,
  }: {
    roles: RolesService;
    repo: TechniciansRepository;
    /** The language a user chose for themself, or null when they follow their browser. */
    languageOf: (userId: number) => Promise<Locale | null>;
    /** The password policy of the security settings (any password the contract accepts when absent). */
    passwords?: PasswordPolicyHooks;
  },
) {
  async function present(row: TechnicianRow): Promise<HeldTechnician> {
    return { row, roleIds: (await roles.roleIdsOfUsers([row.id])).get(row.id) ?? [] };
  }

  async function get(id: number): Promise<TechnicianRow> {
    const row = await repo.byId(id);
    if (!row) throw userNotFound();
    return row;
  }

  /**
   * The language of an invitation: the invitee's own choice if they ever made one; otherwise
   * the inviting technician's, as saved or else as their browser asks.
   */
  async function invitationLocale(row: TechnicianRow, invitedBy: Inviter): Promise<Locale> {
    return (
      (await languageOf(row.id)) ??
      (await languageOf(invitedBy.auth.session.user.id)) ??
      negotiateLocale(invitedBy.acceptLanguage)
    );
  }

  async function issueInvite(row: TechnicianRow, invitedBy: Inviter): Promise<IssuedInvite> {
    const token = randomToken(32);
    const expiresAt = new Date(Date.now() + INVITE_VALID_HOURS * 3600 * 1000);
    await repo.update(row.id, { inviteTokenHash: sha256(token), inviteExpiresAt: expiresAt });
    const inviteUrl = `${deps.config.publicUrl}/invite/${token}`;
    const { firstName, lastName } = invitedBy.auth.session.user;
    const t = translatorFor(await invitationLocale(row, invitedBy));
    const emailSent = await deps.mailer.send(
      invitationMail(t, {
        to: row.email,
        inviter: `${firstName} ${lastName}`.trim(),
        inviteUrl,
        validHours: INVITE_VALID_HOURS,
      }),
    );
    return {
      technician: await present(await get(row.id)),
      inviteUrl,
      inviteExpiresAt: expiresAt.toISOString(),
      emailSent,
    };
  }

  function assertMayGrantAdmin(actor: AuthContext, wantsAdmin: boolean | undefined) {
    if (wantsAdmin && !actor.session.user.isSystemAdmin) {
      throw new AppError("E_FORBIDDEN", 403, { id: "errors.technicians.onlyAdminsMakeAdmins" });
    }
  }

  async function assertNotLastAdmin(row: TechnicianRow) {
    if (row.isSystemAdmin && row.status === "ACTIVE" && (await repo.activeAdminCount()) <= 1) {
      throw new AppError("E_LAST_ADMIN", 409, { id: "errors.technicians.lastAdmin" });
    }
  }

  /** Only system administrators act on system administrators (edit, disable, delete, re-invite, reset MFA). */
  function assertMayManage(actor: AuthContext, row: TechnicianRow) {
    if (row.isSystemAdmin && !actor.session.user.isSystemAdmin)
      throw new AppError("E_FORBIDDEN", 403, { id: "errors.technicians.onlyAdminsManageAdmins" });
  }

  function assertNotSelf(actor: AuthContext, id: number) {
    if (actor.session.user.id === id) throw new AppError("E_CANNOT_MODIFY_SELF", 409);
  }

  return {
    async list() {
      const rows = await repo.list();
      const held = await roles.roleIdsOfUsers(rows.map((r) => r.id));
      return rows.map((row): HeldTechnician => ({ row, roleIds: held.get(row.id) ?? [] }));
    },

    async get(id: number) {
      return present(await get(id));
    },

    async invite(inviter: Inviter, input: CreateTechnicianRequest): Promise<IssuedInvite> {
      const actor = inviter.auth;
      const body = createTechnicianRequest.parse(input);
      assertMayGrantAdmin(actor, body.isSystemAdmin);
      if (await repo.emailTaken(body.email)) throw new AppError("E_EMAIL_TAKEN", 409);
      await roles.checkAssignment(actor, [], body.roleIds);
      const id = await repo.insertInvited({
        email: body.email,
        firstName: body.firstName,
        lastName: body.lastName,
        phone: body.phone ?? null,
        isSystemAdmin: body.isSystemAdmin,
        inviteTokenHash: sha256(randomToken(32)),
        inviteExpiresAt: new Date(),
        invitedByUserId: actor.session.user.id,
      });
      await roles.setUserRoles(id, body.roleIds);
      return issueInvite(await get(id), inviter);
    },

    async reinvite(inviter: Inviter, id: number) {
      const row = await get(id);
      assertMayManage(inviter.auth, row);
      if (row.status !== "INVITED")
        throw new AppError("E_INVITE_NOT_PENDING", 409, { id: "errors.technicians.inviteNotPending" });
      return issueInvite(row, inviter);
    },

    /** Edits a technician; a roleIds change answers what was added and removed (for the audit). */
    async update(actor: AuthContext, id: number, input: UpdateTechnicianRequest) {
      const row = await get(id);
      assertMayManage(actor, row);
      if (input.isSystemAdmin !== undefined && input.isSystemAdmin !== row.isSystemAdmin) {
        if (!actor.session.user.isSystemAdmin)
          throw new AppError("E_FORBIDDEN", 403, { id: "errors.technicians.onlyAdminsChangeAdminRights" });
        assertNotSelf(actor, id);
        if (!input.isSystemAdmin) await assertNotLastAdmin(row);
      }
      const current = (await roles.roleIdsOfUsers([id])).get(id) ?? [];
      const next = input.roleIds ?? current;
      // A technician without a role could do nothing at all; administrators need none.
      if (!(input.isSystemAdmin ?? row.isSystemAdmin) && next.length === 0)
        throw new AppError(
          "E_VALIDATION",
          400,
          {
            id: "errors.validation.field",
            values: { field: "roleIds", issue: sharedEn.validation.chooseRole },
          },
          { issues: [{ path: ["body", "roleIds"], message: sharedEn.validation.chooseRole }] },
        );
      const roleChange = input.roleIds ? await roles.checkAssignment(actor, current, next) : null;
      await repo.update(id, {
        ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
        ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
        ...(input.phone !== undefined ? { phone: input.phone } : {}),
        ...(input.isSystemAdmin !== undefined ? { isSystemAdmin: input.isSystemAdmin } : {}),
      });
      const changed =
        roleChange && roleChange.added.length + roleChange.removed.length > 0 ? roleChange : null;
      if (changed) await roles.setUserRoles(id, next);
      return { technician: await present(await get(id)), roleChange: changed };
    },

    async disable(actor: AuthContext, id: number) {
      assertNotSelf(actor, id);
      const row = await get(id);
      assertMayManage(actor, row);
      await assertNotLastAdmin(row);
      await repo.update(id, { status: "DISABLED" });
      await deleteUserSessions(deps.db, id);
      return present(await get(id));
    },

    async enable(actor: AuthContext, id: number) {
      const row = await get(id);
      assertMayManage(actor, row);
      await repo.update(id, { status: (await repo.hasPassword(id)) ? "ACTIVE" : "INVITED" });
      return present(await get(id));
    },

    async remove(actor: AuthContext, id: number) {
      assertNotSelf(actor, id);
      const row = await get(id);
      assertMayManage(actor, row);
      await assertNotLastAdmin(row);
      await repo.remove(id);
    },

    /** For a lost authenticator: the technician enrolls again at next sign-in. */
    async resetMfa(actor: AuthContext, id: number) {
      assertNotSelf(actor, id);
      assertMayManage(actor, await get(id));
      await repo.resetMfa(id);
      await deleteUserSessions(deps.db, id);
      return present(await get(id));
    },

    async inviteInfo(token: string) {
      const found = await repo.byValidInvite(sha256(token), new Date());
      if (!found) throw new AppError("E_INVITE_INVALID", 404);
      return { email: found.email, firstName: found.firstName, lastName: found.lastName };
    },

    /** Sets the password from a valid invite; returns the user id to start a session for. */
    async acceptInvite(token: string, password: string): Promise<number> {
      const invited = await repo.byValidInvite(sha256(token), new Date());
      if (!invited) throw new AppError("E_INVITE_INVALID", 404);
      const hash = passwords
        ? await passwords.hashAcceptable(password, invited.id)
        : await hashPassword(password);
      const id = await repo.acceptInvite(sha256(token), hash, new Date());
      if (id === undefined) throw new AppError("E_INVITE_INVALID", 404);
      await passwords?.remember(id, hash);
      return id;
    },
  };
}

/** Checks a new password against the password policy and keeps the user's password history. */
export interface PasswordPolicyHooks {
  hashAcceptable(password: string, userId: number | null): Promise<string>;
  remember(userId: number, hash: string): Promise<void>;
}

export type TechniciansService = ReturnType<typeof createTechniciansService>;
