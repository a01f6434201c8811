import type { Db } from "../../platform/db/database.js";
import { auditAs, type AuditActor } from "../../platform/identity/index.js";

export type { AuditActor };

/** How often a submit used each stored credential as Run As, per organization. */
export class RunAsUses {
  private readonly uses = new Map<string, { organizationId: number; credentialId: number; jobs: number }>();

  note(organizationId: number, account: { credentialId: number } | null): void {
    if (!account) return;
    const key = `${organizationId}:${account.credentialId}`;
    const use = this.uses.get(key) ?? { organizationId, credentialId: account.credentialId, jobs: 0 };
    use.jobs += 1;
    this.uses.set(key, use);
  }

  list() {
    return [...this.uses.values()];
  }
}

const LISTED_JOBS = 50;

/**
 * Records a submit: one "jobs.submitted" event per organization it reached (with how many jobs
 * and the first job ids), and one "credential.use" event per stored credential chosen as Run As
 * (its id only, never the secret).
 */
export async function auditJobsSubmitted(
  db: Db,
  actor: AuditActor,
  jobs: readonly { jobUid: string; organizationId: number }[],
  uses: RunAsUses,
): Promise<void> {
  const byOrganization = new Map<number, string[]>();
  for (const job of jobs) {
    const list = byOrganization.get(job.organizationId) ?? [];
    list.push(job.jobUid);
    byOrganization.set(job.organizationId, list);
  }
  for (const [organizationId, jobUids] of byOrganization)
    await auditAs(db, actor, {
      action: "jobs.submitted",
      targetType: "job",
      targetId: jobUids.length === 1 ? jobUids[0] : null,
      organizationId,
      data: { count: jobUids.length, jobUids: jobUids.slice(0, LISTED_JOBS) },
    });
  for (const use of uses.list())
    await auditAs(db, actor, {
      action: "credential.use",
      targetType: "credential",
      targetId: use.credentialId,
      organizationId: use.organizationId,
      data: { runAs: true, jobCount: use.jobs },
    });
}
