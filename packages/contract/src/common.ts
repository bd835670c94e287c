import { z } from 'zod';

/** Every non-2xx JSON answer has this shape; `message` is the text the UI may show ("server text"). */
export const ErrorAnswer = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
});
export type ErrorAnswer = z.infer<typeof ErrorAnswer>;

export const OkAnswer = z.object({ ok: z.literal(true) });
export type OkAnswer = z.infer<typeof OkAnswer>;
