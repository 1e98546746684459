/**
 * What a REST error says, for a screen: the message, and per field the reasons that `rest_invalid_param` names in
 * `data.params`, so that each can be shown beside its field.
 */
export interface RestErrorBody {
  code?: string;
  message?: string;
  data?: { status?: number; params?: Record<string, string> };
}

export function errorMessage(error: unknown): string {
  return (error as RestErrorBody)?.message ?? String(error);
}

/** Field name -> reason; empty when the error names no field. */
export function fieldErrors(error: unknown): Record<string, string> {
  return { ...((error as RestErrorBody)?.data?.params ?? {}) };
}
