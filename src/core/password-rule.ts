/*
 * The password rule of spec section 5, shared by the change-password form and the server, which
 * checks it again: 8 to 20 characters with at least one letter, one digit and one special character.
 */
export const PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d)(?=.*[~!@#$%^&*()_+`\-={}[\]|\\:";'<>?,./]).{8,20}$/;
export const PASSWORD_RULE_MESSAGE = '密码由8位数字、大小写字母和特殊符号组成!';

export const isStrongPassword = (value: string) => PASSWORD_RULE.test(value);
