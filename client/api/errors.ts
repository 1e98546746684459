/**
 * WordPress's REST error body, the one shape every refusal of every namespace has: a code to branch on, a sentence
 * to show, and in `data` the HTTP status with, for a refused request, the fields at fault.
 */
export interface RestErrorBody {
  /** e.g. `rest_invalid_param`, `rest_cookie_invalid_nonce`, `compliance_module_disabled`. */
  code: string;
  message: string;
  data: {
    status: number;
    /**
     * `rest_invalid_param`: field -> why it was refused (a facet's field as `facets[2].label`);
     * `rest_missing_callback_param`: the names of the missing fields.
     */
    params?: Record<string, string> | string[];
    details?: Record<string, unknown>;
    /** Some errors add their own keys (an import's `job`, a SKU's `resource_id`). */
    [key: string]: unknown;
  };
}

/** WordPress's answer to a permanent delete: what was removed, as it was. */
export interface RestDeleted<T> {
  deleted: true;
  previous: T;
}
