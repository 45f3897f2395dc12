import type { z } from 'zod';
import type { contactMessage } from '@marquee/contract';
import type { Executor } from '../../db/client';
import { insertContactMessage } from './contact.repository';

export const CONTACT_RECEIVED = "Thanks for writing to us. We'll reply within 24 hours.";

/** Keeps a visitor's message for the support team. */
export async function receiveMessage(db: Executor, message: z.output<typeof contactMessage>): Promise<{ message: string }> {
  await insertContactMessage(db, message);
  return { message: CONTACT_RECEIVED };
}
