import { and, asc, desc, eq, gte, inArray, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/database.js";
import { notificationChannels, notificationDeliveries } from "./notifications.tables.js";

export type ChannelRow = typeof notificationChannels.$inferSelect;
export type DeliveryRow = typeof notificationDeliveries.$inferSelect;
type NewChannel = typeof notificationChannels.$inferInsert;
type NewDelivery = typeof notificationDeliveries.$inferInsert;

/** Every query for notification channels and their delivery log. */
export class NotificationsRepository {
  constructor(readonly db: Db) {}

  list() {
    return this.db
      .select()
      .from(notificationChannels)
      .orderBy(asc(sql`lower(${notificationChannels.name})`));
  }

  async find(id: number): Promise<ChannelRow | undefined> {
    const [row] = await this.db.select().from(notificationChannels).where(eq(notificationChannels.id, id));
    return row;
  }

  async insert(values: NewChannel): Promise<number> {
    const [row] = await this.db
      .insert(notificationChannels)
      .values(values)
      .returning({ id: notificationChannels.id });
    if (!row) throw new Error("channel insert returned no row");
    return row.id;
  }

  async update(id: number, values: Partial<NewChannel>): Promise<void> {
    await this.db
      .update(notificationChannels)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(notificationChannels.id, id));
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(notificationChannels).where(eq(notificationChannels.id, id));
  }

  async addDelivery(values: NewDelivery): Promise<DeliveryRow> {
    const [row] = await this.db.insert(notificationDeliveries).values(values).returning();
    if (!row) throw new Error("delivery insert returned no row");
    return row;
  }

  deliveries(channelId: number, limit: number) {
    return this.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.channelId, channelId))
      .orderBy(desc(notificationDeliveries.at), desc(notificationDeliveries.id))
      .limit(limit);
  }

  /** Notifications the channel sent (or tried to) since the instant; test sends and held ones do not count. */
  async sentSince(channelId: number, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(notificationDeliveries)
      .where(
        and(
          eq(notificationDeliveries.channelId, channelId),
          gte(notificationDeliveries.at, since),
          ne(notificationDeliveries.outcome, "HELD"),
          ne(notificationDeliveries.outcome, "DIGESTED"),
          ne(notificationDeliveries.event, "TEST"),
        ),
      );
    return row?.n ?? 0;
  }

  held(channelId?: number) {
    return this.db
      .select()
      .from(notificationDeliveries)
      .where(
        and(
          eq(notificationDeliveries.outcome, "HELD"),
          channelId === undefined ? undefined : eq(notificationDeliveries.channelId, channelId),
        ),
      )
      .orderBy(asc(notificationDeliveries.at), asc(notificationDeliveries.id));
  }

  async markDigested(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(notificationDeliveries)
      .set({ outcome: "DIGESTED", payload: null })
      .where(inArray(notificationDeliveries.id, ids));
  }

  /** Deletes log lines older than the instant; held events wait for their digest whatever their age. */
  async pruneBefore(before: Date): Promise<number> {
    const rows = await this.db
      .delete(notificationDeliveries)
      .where(and(lt(notificationDeliveries.at, before), ne(notificationDeliveries.outcome, "HELD")))
      .returning({ id: notificationDeliveries.id });
    return rows.length;
  }
}
