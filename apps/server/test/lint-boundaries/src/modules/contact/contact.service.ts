import { sql } from 'drizzle-orm'; // VIOLATION @typescript-eslint/no-restricted-imports

export const countMessages = () => sql`select count(*) from contact_messages`;
