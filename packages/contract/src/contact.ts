import { z } from 'zod';

export const contactMessage = z.object({
  firstName: z.string().trim().min(1, 'First name is required').max(80),
  lastName: z.string().trim().min(1, 'Last name is required').max(80),
  email: z.email('Enter a valid email address').max(254),
  phoneNumber: z
    .string()
    .trim()
    .max(32)
    .regex(/^[+()\d\s-]*$/, 'Phone number may contain digits, spaces, +, - and brackets only')
    .default(''),
  message: z.string().trim().min(1, 'Message is required').max(5000, 'Message is longer than 5000 characters'),
});
export type ContactMessage = z.input<typeof contactMessage>;
