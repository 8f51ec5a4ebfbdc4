import { plainString } from './fields.ts';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

/**
 * Passwords too common to take (compared lower-case): the head of the public leaked-password lists
 * (SecLists, rockyou) and the favourites of Chinese lists, 8 characters or longer (shorter ones fail
 * the length rule anyway), plus the demo accounts' own.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  '00000000 000000000 0000000000 01234567 0123456789 10203040 11111111 111111111 1111111111 11112222 11223344 12121212 12301230 123123123 123321123 12341234 12344321 12345678 123456789 1234567890 12345678910 123456789a 1234567a 1234567q 123456abc 123456qwe 12345qwert 1234abcd 1234qwer 123654789 123qweasd 123qweasdzxc 13131313 13145200 1314520520 147258369 147852369 159357456 159753456 19491001 19871987 19881988 19891989 19901990 19911991 19921992 1a2b3c4d 1q2w3e4r 1q2w3e4r5t 1qaz2wsx 1qazxsw2 20082008 20102010 20202020 20202021 22222222 33333333 44444444 52013141 5201314a 55555555 66666666 666666666 741852963 77777777 87654321 88888888 888888888 963852741 987654321 9876543210 99999999 a1234567 a12345678 a123456789 a1b2c3d4 aa123456 aa12345678 aaaaaaaa abababab abc12345 abc123456 abc123456789 abc123abc abcd1234 abcdefg1 abcdefgh admin123 admin1234 admin12345 admin666 admin888 administrator arsenal1 asd123456 asdasdasd asdf1234 asdfghjk asdfghjkl baseball basketball batman123 bbbbbbbb beijing123 butterfly cashier123 changeme changeme1 charlie1 chelsea1 chen123456 china123 chocolate computer default1 dragon123 football football1 freedom1 goodluck1 hello123 hello1234 helloworld huang123 iloveu123 iloveyou iloveyou1 iloveyou2 internet jennifer jordan23 letmein1 letmein123 li123456 liu123456 liverpool master123 michael1 mima1234 mima123456 monkey123 mustang1 p@ssw0rd p@ssword pa55word pass1234 passport passw0rd password password! password01 password1 password12 password123 princess q1w2e3r4 q1w2e3r4t5 qazwsxedc qq123456 qq5201314 qqqqqqqq qwe123456 qweasdzxc qweqweqwe qwer1234 qwerasdf qwerty12 qwerty123 qwertyqwerty qwertyui qwertyuiop root1234 root123456 secret123 shadow123 shanghai ssssssss starwars sunshine sunshine1 superman superman1 test1234 test12345 testtest trustno1 wang1234 welcome1 welcome123 whatever woaini123 woaini1314 woaini520 wodemima woshishui zaq12wsx zhang123 zhongguo zxc123456 zxcvbnm1 zxcvbnm123 zxcvbnmm zxczxczxc'.split(
    ' ',
  ),
);

export const PASSWORD_MESSAGES = {
  required: '请输入新密码',
  length: `新密码长度为${PASSWORD_MIN}到${PASSWORD_MAX}个字符`,
  common: '新密码过于常见，请换一个更难猜的密码',
  sameAsUsername: '新密码不能与用户名相同',
} as const;

/**
 * What is wrong with a new password, or null: 8 to 64 characters, not a common password, not the user
 * name (case-insensitive). The server and the web's password forms both ask this.
 */
export function passwordProblem(password: string, username?: string): string | null {
  if (!password) return PASSWORD_MESSAGES.required;
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return PASSWORD_MESSAGES.length;
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return PASSWORD_MESSAGES.common;
  if (username && lower === username.trim().toLowerCase()) return PASSWORD_MESSAGES.sameAsUsername;
  return null;
}

/**
 * A new password field (change, reset, a new user): the rules of passwordProblem without the user
 * name, which the server checks where it knows it.
 */
export const newPassword = () =>
  plainString('新密码', { error: PASSWORD_MESSAGES.required })
    .min(PASSWORD_MIN, PASSWORD_MESSAGES.length)
    .max(PASSWORD_MAX, PASSWORD_MESSAGES.length)
    .refine((p) => !COMMON_PASSWORDS.has(p.toLowerCase()), PASSWORD_MESSAGES.common);
