import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/*
 * Fields declared `secret` (a data source's password) are stored as AES-256-GCM ciphertext under a key
 * derived (HKDF) from the install secret, so a copy of the database alone does not reveal them. The
 * reader never returns them; only server code that needs the clear value (a connection test) decrypts.
 */

const PREFIX = 'enc:v1:';
let key: Buffer | null = null;

/** Called once at start with the install secret (DATA_DIR/jwt-secret or JWT_SECRET). */
export function configureSecretKey(installSecret: Uint8Array): void {
  key = Buffer.from(hkdfSync('sha256', installSecret, 'hope-back-office', 'field-secret-v1', 32));
}

function currentKey(): Buffer {
  if (!key) throw new Error('secret key not configured');
  return key;
}

export function encryptSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', currentKey(), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

export function decryptSecret(stored: string | null | undefined): string {
  if (!stored) return '';
  if (!stored.startsWith(PREFIX)) throw new Error('not an encrypted value');
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', currentKey(), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
