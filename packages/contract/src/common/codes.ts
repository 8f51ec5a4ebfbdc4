/** Response codes of spec point 8; `code` 200 is success. */
export const Code = {
  OK: 200,
  SERVER_ERROR: 500,
  NO_AUTHORIZATION: 510,
  LOGIN_EXPIRED: -100,
  EXISTS: -1000,
  NOT_EXISTENT: -1100,
  NO_DATA_SELECTED: -1200,
  NO_DATA: -1300,
  REPEAT: -2000,
  SAVE_FAILED: -3000,
  UPDATE_FAILED: -3100,
  CAUGHT_EXCEPTION: -9000,
  CARD_LOOKUP_FAILED: 438,
  PAY_UNKNOWN: 605,
  PAY_FAILED: 606,
} as const;
export type CodeValue = (typeof Code)[keyof typeof Code];

/** Messages the staff read; quoted texts of the spec appear exactly. */
export const Msg = {
  ok: '操作成功',
  loginExpired: '登录已过期，请重新登录',
  noAuthorization: '没有权限执行该操作',
  serverError: '服务器开小差了，请稍后重试',
  badCredentials: '用户名或密码错误',
  captchaRequired: '请输入验证码',
  captchaWrong: '验证码错误或已过期',
  userDisabled: '账号已停用，请联系管理员',
  tooManyAttempts: '登录尝试过于频繁，请稍后再试',
  venueNotAllowed: '您没有该场馆的权限',
  notFound: '数据不存在',
  exists: '数据已存在',
  anonymousReadOnly: '匿名访问仅可查看看板',
  needDictNames: 'need Dict names',
} as const;
