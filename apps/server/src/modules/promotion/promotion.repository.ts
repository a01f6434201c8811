import type { Db } from "../../platform/db/database.js";
import { demoRequests } from "./promotion.tables.js";

export type DemoProduct = "BACKUP";

/** Every Drizzle query for the demo_requests table. */
export class PromotionRepository {
  constructor(readonly db: Db) {}

  /** Runs fn in one transaction with a repository bound to it. */
  transaction<T>(fn: (repo: PromotionRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new PromotionRepository(tx)));
  }

  async insertDemoRequest(values: {
    product: DemoProduct;
    userName: string;
    userEmail: string;
    requestedByUserId: number;
  }): Promise<number> {
    const [row] = await this.db.insert(demoRequests).values(values).returning({ id: demoRequests.id });
    if (!row) throw new Error("demo request insert returned no row");
    return row.id;
  }
}
