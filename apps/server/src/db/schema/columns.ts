/** Column shapes the tables share. */
import { timestamp } from 'drizzle-orm/pg-core';

export const createdAt = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow();
