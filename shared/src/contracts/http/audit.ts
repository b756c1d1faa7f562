import { z } from 'zod';
import { pageQuerySchema } from '../envelope';
import { INT_ID_MAX, boundedInt } from './inputPolicy';

export const auditRowSchema = z.object({
  id: z.number().int(),
  at: z.number().int(),
  actorId: z.number().int(),
  actorName: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  detail: z.string(),
  ip: z.string(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

export const auditListQuerySchema = pageQuerySchema.extend({
  targetType: z.enum(['account', 'role', 'setting', 'display', 'table']).optional(),
  actorId: boundedInt(1, INT_ID_MAX, 'actorId must be a number').optional(),
});
