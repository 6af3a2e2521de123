import { z } from 'zod';

// What the login page learns about the server before anyone signs in
// (GET /server): its name, who may register, the password minimum. Apart
// from admin.ts so the first screens load these few schemas only.

/** open: anyone registers; invite: with an admin-issued code; closed: nobody. */
export const REGISTRATION_MODES = ['open', 'invite', 'closed'] as const;
export const registrationModeSchema = z.enum(REGISTRATION_MODES);
export type RegistrationMode = z.infer<typeof registrationModeSchema>;

export const publicServerInfoSchema = z.object({
  name: z.string(),
  registration_mode: registrationModeSchema,
  password_min_length: z.number().int(),
});
export type PublicServerInfo = z.infer<typeof publicServerInfoSchema>;
