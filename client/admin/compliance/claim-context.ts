/**
 * How much text the server puts before a green-claims phrase (server/compliance/product-reports/green-claims.ts
 * CONTEXT_CHARS).
 */
export const CONTEXT_CHARS_BEFORE = 40;
