import { createDecipheriv } from 'node:crypto';

/*
 * JeecgBoot's vue3 client sends the sign-in password AES-encrypted (CBC, PKCS#7, Base64) with the key and IV
 * published in its source (src/utils/cipher.ts); JeecgBoot's server decrypts it and takes plain text as well
 * (AesEncryptUtil.resolvePassword). This is no secret — the key is public — only the client's wire format.
 */
const KEY = Buffer.from('1234567890adbcde', 'utf8');
const IV = Buffer.from('1234567890hjlkew', 'utf8');
const BASE64 = /^(?:[A-Za-z0-9+/]{4})+(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The password as typed: the decrypted text when `input` is the vue3 client's cipher text (Base64 of whole AES
 * blocks, valid padding, UTF-8 without control characters), otherwise `input` unchanged.
 */
export function plainPassword(input: string): string {
  if (input.length < 24 || !BASE64.test(input)) return input;
  const bytes = Buffer.from(input, 'base64');
  if (bytes.length % 16 !== 0) return input;
  try {
    const decipher = createDecipheriv('aes-128-cbc', KEY, IV);
    const text = utf8.decode(Buffer.concat([decipher.update(bytes), decipher.final()]));
    // eslint-disable-next-line no-control-regex
    return text && !/[\u0000-\u001f\u007f]/.test(text) ? text : input;
  } catch {
    return input;
  }
}
