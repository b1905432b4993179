// A failure in words, as every API answer and every note of the scheduled run carries it: its code
// (src/kernel/errors/api-errors.ts), title, message and what to do next.
import { z } from 'zod';

export const ErrorWordsSchema = z.strictObject({
  code: z.string(),
  title: z.string(),
  message: z.string(),
  hint: z.string().optional(),
});
export type ErrorWords = z.infer<typeof ErrorWordsSchema>;
