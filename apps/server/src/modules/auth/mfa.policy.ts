import type { MfaFactorType } from "@steward/contracts";
import { confirmedFactorTypes } from "../../platform/identity/index.js";
import type { Db } from "../../platform/db/database.js";
import { roleRequirementsOfUser } from "./mfa.repository.js";

export const ALL_FACTOR_TYPES: readonly MfaFactorType[] = ["TOTP", "U2F", "SMS", "DUO"];

/** Which factor types the console allows at all; every type unless security settings narrow it. */
export type AllowedFactorsSource = () => Promise<readonly MfaFactorType[]>;
export const allowEveryFactor: AllowedFactorsSource = async () => ALL_FACTOR_TYPES;

export interface FactorStanding {
  /** Factor types the user may sign in with now. */
  offered: MfaFactorType[];
  /** false: one of the user's roles requires a factor type they do not hold yet. */
  requirementMet: boolean;
}

/**
 * The factor types a user holds that the console allows; where one of their roles requires
 * particular types and the user holds some of them, only those are offered. A role whose required
 * types the user holds none of leaves the requirement unmet: after signing in with what they hold
 * they are sent to add one.
 */
export async function factorStanding(
  db: Db,
  userId: number,
  allowed: AllowedFactorsSource = allowEveryFactor,
): Promise<FactorStanding> {
  const held = (await confirmedFactorTypes(db, userId)).filter((t): t is MfaFactorType =>
    (ALL_FACTOR_TYPES as readonly string[]).includes(t),
  );
  const permitted = new Set(await allowed());
  const usable = held.filter((t) => permitted.has(t));
  const requirements = await roleRequirementsOfUser(db, userId);
  if (requirements.length === 0) return { offered: usable, requirementMet: true };
  const requirementMet = requirements.every((required) =>
    required.some((t) => usable.includes(t as MfaFactorType)),
  );
  const required = new Set(requirements.flat());
  const meeting = usable.filter((t) => required.has(t));
  return { offered: meeting.length > 0 ? meeting : usable, requirementMet };
}

/** The factor types a user may sign in with now. */
export async function usableFactorTypes(
  db: Db,
  userId: number,
  allowed: AllowedFactorsSource = allowEveryFactor,
): Promise<MfaFactorType[]> {
  return (await factorStanding(db, userId, allowed)).offered;
}

/** Whether the user holds a factor of every type set their roles require (one query when none do). */
export async function roleRequirementMet(
  db: Db,
  userId: number,
  allowed: AllowedFactorsSource = allowEveryFactor,
): Promise<boolean> {
  if ((await roleRequirementsOfUser(db, userId)).length === 0) return true;
  return (await factorStanding(db, userId, allowed)).requirementMet;
}
