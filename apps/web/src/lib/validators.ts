/**
 * Shared field checks (spec 5). The predicates test the format only; the form rules let empty values
 * pass, so "required" stays a separate rule.
 */
import { Msg } from '@venue/contract/common/codes';

const IP_PART = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IP = new RegExp(`^${IP_PART}(\\.${IP_PART}){3}$`);
const LANDLINE = /^0\d{2,3}-\d{7,8}$/;
const MOBILE = /^1[3-9]\d{9}$/;
const ID_NUMBER = /^(\d{15}|\d{17}[\dXx])$/;
const URL_PATTERN = /^(https?|ftp):\/\/[^\s/?#]+\.[^\s/?#]+(:\d+)?([/?#]\S*)?$/i;
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@([a-zA-Z\d-]+\.)+[a-zA-Z]{2,}$/;
const VALID_USERNAMES = ['admin', 'editor'];

export const isIp = (value: string) => IP.test(value);
export const isLandline = (value: string) => LANDLINE.test(value);
export const isMobile = (value: string) => MOBILE.test(value);
export const isPhoneOrLandline = (value: string) => isMobile(value) || isLandline(value);
export const isIdNumber = (value: string) => ID_NUMBER.test(value);
export const isUrl = (value: string) => URL_PATTERN.test(value);
export const isEmail = (value: string) => EMAIL.test(value);
export const isLowerCase = (value: string) => /^[a-z]+$/.test(value);
export const isUpperCase = (value: string) => /^[A-Z]+$/.test(value);
/** The built-in user names of the original shell. */
export const validUsername = (value: string) => VALID_USERNAMES.includes(value.trim());

export const MESSAGES = {
  ip: '请输入正确的IP地址',
  phoneOrLandline: Msg.phoneInvalid,
  landline: '请输入正确的固话（格式：区号+号码,如010-1234567）',
  mobile: Msg.mobileInvalid,
  idNumber: Msg.idNumberInvalid,
  url: '请输入正确的网址',
  email: '请输入正确的邮箱地址',
  lowerCase: '只能输入小写字母',
  upperCase: '只能输入大写字母',
  username: '请输入正确的用户名',
} as const;

/** Shaped like an antd Form rule: `rules={[rules.mobile]}`. */
export interface ValidatorRule {
  validator: (rule: unknown, value: unknown) => Promise<void>;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

const rule = (test: (value: string) => boolean, message: string): ValidatorRule => ({
  validator: (_rule, value) => (isEmpty(value) || test(String(value)) ? Promise.resolve() : Promise.reject(new Error(message))),
});

export const rules = {
  ip: rule(isIp, MESSAGES.ip),
  phoneOrLandline: rule(isPhoneOrLandline, MESSAGES.phoneOrLandline),
  landline: rule(isLandline, MESSAGES.landline),
  mobile: rule(isMobile, MESSAGES.mobile),
  idNumber: rule(isIdNumber, MESSAGES.idNumber),
  url: rule(isUrl, MESSAGES.url),
  email: rule(isEmail, MESSAGES.email),
  lowerCase: rule(isLowerCase, MESSAGES.lowerCase),
  upperCase: rule(isUpperCase, MESSAGES.upperCase),
  username: rule(validUsername, MESSAGES.username),
} satisfies Record<keyof typeof MESSAGES, ValidatorRule>;
