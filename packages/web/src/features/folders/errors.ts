import { folderNameRequestSchema } from '@parley/protocol/folder';
import { ApiError, errorMessage } from '../../api/errors';

/** The name's own message (the same check the server runs), or null when it is fine. */
export function nameProblem(name: string): string | null {
  const result = folderNameRequestSchema.safeParse({ name });
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** What to show under a folder name after a refused call: its field message, else the reply's. */
export function folderError(error: unknown): string {
  if (error instanceof ApiError) {
    const fields = error.fieldErrors;
    const field = fields.name ?? fields.ids;
    if (field) return field;
    if (error.lines.length > 0) return error.lines.join(' ');
  }
  return errorMessage(error);
}
