import { z } from 'zod';

/** One field's change (before and after), as reviews, change records and dry runs show it. */
export const fieldChangeSchema = z.object({ field: z.string(), label: z.string(), before: z.unknown(), after: z.unknown() });
export type FieldChange = z.infer<typeof fieldChangeSchema>;
