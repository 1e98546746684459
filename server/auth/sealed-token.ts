/**
 * A token that carries its own data, sealed with the shop's secret (AES-256-GCM): no one can read what it holds or
 * make one, and it stops working at the time it was sealed with. Used where the shop must not store anything until
 * the owner of an address answers (a registration waiting for its confirmation link).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** A key per purpose, so that a token sealed for one cannot be opened as another. */
function keyFor(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'vitrine sealed token', purpose, 32));
}

export function sealToken(secret: string, purpose: string, payload: unknown, expiresAt: Date): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret, purpose), iv);
  const plain = Buffer.from(JSON.stringify({ payload, expires_at: expiresAt.getTime() }));
  const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** @returns what the token was sealed with, or null when it is damaged, made elsewhere, or expired */
export function openToken(secret: string, purpose: string, token: string, now = new Date()): unknown {
  try {
    const bytes = Buffer.from(token, 'base64url');
    if (bytes.length < 29) return null;
    const decipher = createDecipheriv('aes-256-gcm', keyFor(secret, purpose), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    const plain = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    const { payload, expires_at: expiresAt } = JSON.parse(plain) as { payload: unknown; expires_at: number };
    return expiresAt > now.getTime() ? payload : null;
  } catch {
    return null;
  }
}
