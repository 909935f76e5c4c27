import { describe, expect, it } from 'vitest';
import { PASSWORD_RULE, PASSWORD_RULE_MESSAGE, generatePassword, hashPassword, isStrongPassword, verifyPassword } from '../../../server/auth/password.ts';

describe('hashPassword / verifyPassword', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('Admin@1234');
    expect(await verifyPassword('Admin@1234', hash)).toBe(true);
    expect(await verifyPassword('Admin@1235', hash)).toBe(false);
    expect(await verifyPassword('admin@1234', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('stores the scrypt parameters and a random salt beside the hash, never the password', async () => {
    const a = await hashPassword('Admin@1234');
    const b = await hashPassword('Admin@1234');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('Admin@1234');
    expect(await verifyPassword('Admin@1234', b)).toBe(true);
  });

  it('verifies with the parameters stored in the hash (so they can be raised later)', async () => {
    const hash = await hashPassword('Admin@1234');
    const [, , , , salt] = hash.split('$');
    // Same salt and password under other parameters give another key: the stored N is what is used.
    const { scryptSync } = await import('node:crypto');
    const key = scryptSync('Admin@1234', Buffer.from(salt, 'base64'), 32, { N: 1024, r: 8, p: 1 }).toString('base64');
    expect(await verifyPassword('Admin@1234', `scrypt$1024$8$1$${salt}$${key}`)).toBe(true);
    expect(await verifyPassword('Admin@1234', `scrypt$16384$8$1$${salt}$${key}`)).toBe(false);
  });

  it('refuses stored values that are not scrypt hashes', async () => {
    expect(await verifyPassword('Admin@1234', 'Admin@1234')).toBe(false);
    expect(await verifyPassword('Admin@1234', '')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$10$abc$def$ghi$jkl')).toBe(false);
  });
});

describe('PASSWORD_RULE (spec section 5: 8 to 20 characters, a letter, a digit and a special character)', () => {
  it.each(['Admin@1234', 'abc123!@', 'A1#aaaaa', '12345678a.', 'Passw0rd~', 'a1-bcdefgh', 'Abcdefghij12345678#!'])('accepts %j', (pw) => {
    expect(PASSWORD_RULE.test(pw)).toBe(true);
    expect(isStrongPassword(pw)).toBe(true);
  });

  it.each([
    ['too short', 'Ab1#xyz'],
    ['too long', 'Abcdefghij12345678#!x'],
    ['no digit', 'Abcdefgh#'],
    ['no letter', '12345678#'],
    ['no special character', 'Abcdefgh1'],
    ['empty', ''],
    ['spaces are not special', 'Abcd 1234'],
  ])('rejects a password with %s', (_label, pw) => {
    expect(isStrongPassword(pw)).toBe(false);
  });

  it("has the spec's message", () => {
    expect(PASSWORD_RULE_MESSAGE).toBe('密码由8位数字、大小写字母和特殊符号组成!');
  });

  it('generates first-admin passwords that satisfy the rule and differ', () => {
    const many = Array.from({ length: 200 }, generatePassword);
    for (const pw of many) expect(isStrongPassword(pw), pw).toBe(true);
    expect(new Set(many).size).toBe(many.length);
  });
});
