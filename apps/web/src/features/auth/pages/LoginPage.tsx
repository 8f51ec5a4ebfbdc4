import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { MenuNode, UserInfo } from '@venue/contract';
import { Msg } from '@venue/contract/common/codes';
import { expiredMarker, pendingNotice, tokenStore, usernameStore } from '@/lib/storage';
import { ApiError } from '@/lib/api-fetch';
import { loginApi } from '../login-api';
import styles from './LoginPage.module.css';

/** Spec 9: a login failure shows for 8 s (the success, 2 s, is shown by the app after it opens). */
const FAILURE_MS = 8000;
const LOGIN_SUCCESS_SECONDS = 2;

export interface LoginPageProps {
  /** Starts loading the app behind the login; called as the user types, and as the password goes to the server. */
  preload?: () => void;
  /** Called with the user and the menu tree the login answered, before the app opens: the session starts from them at once. */
  onSignedIn?: (signedIn: { user: UserInfo; menus: MenuNode[] }) => void;
}

type Notice = { kind: 'success' | 'error' | 'warning'; msg: string };
/**
 * What the login page says on arrival: a message said just before the reload that brought the user
 * here (密码修改成功，请重新登录), or that the session expired. Read, not taken: the session's end may route
 * here just before that reload, and the notice must still be there after it.
 */
function arrivalNotice(): Notice | null {
  const said = pendingNotice.peek();
  if (said) return { kind: said.kind, msg: said.msg };
  return expiredMarker.peek() ? { kind: 'warning', msg: Msg.loginExpired } : null;
}

const NOTICE_CLASS = { success: 'noticeSuccess', error: 'noticeError', warning: 'noticeWarning' } as const;
type Captcha = { uuid: string; img: string };

/**
 * 登录, the first screen anyone loads: plain HTML and CSS (no antd, no schemas), so it arrives and
 * answers fast on a phone. A captcha appears when the server asks for one for the name typed (spec 2.2).
 */
export default function LoginPage({ preload, onSignedIn }: LoginPageProps) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Spec 2.2: visiting /login while logged in logs the user out and reloads.
  const [leaving] = useState(() => Boolean(tokenStore.get()));
  const [username, setUsername] = useState(() => usernameStore.get());
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [missing, setMissing] = useState<{ username?: boolean; password?: boolean; code?: boolean }>({});
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(() => (leaving ? null : arrivalNotice()));
  const noticeTimer = useRef<number | undefined>(undefined);

  function show(next: Notice) {
    setNotice(next);
    window.clearTimeout(noticeTimer.current);
    noticeTimer.current = window.setTimeout(() => setNotice(null), next.kind === 'error' ? FAILURE_MS : 3000);
  }
  /** Whether `name` must type a captcha (asked for the name in the box, again after a failed login), and its image. */
  const checkCaptcha = (name: string) =>
    loginApi
      .needCaptcha(name)
      .then((need) => (need.needCaptcha ? loginApi.captcha() : null))
      .catch(() => null)
      .then(setCaptcha);

  useEffect(() => {
    if (leaving) {
      void loginApi.logout().then(() => window.location.reload());
      return;
    }
    void checkCaptcha(usernameStore.get());
    if (!notice) return;
    // The arrival notice hides on its own; once seen, it is forgotten (see arrivalNotice).
    const seen = window.setTimeout(() => {
      expiredMarker.take();
      pendingNotice.take();
      setNotice((shown) => (shown === notice ? null : shown));
    }, 3000);
    return () => window.clearTimeout(seen);
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [leaving]);
  useEffect(() => () => window.clearTimeout(noticeTimer.current), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const gaps = { username: !username.trim(), password: !password, code: !!captcha && !code.trim() };
    setMissing(gaps);
    if (gaps.username || gaps.password || gaps.code) return;
    // The app loads while the password is checked, so the first screen follows the login at once.
    preload?.();
    setPending(true);
    try {
      const { token, user, menus } = await loginApi.login({ username, password, ...(captcha ? { code, uuid: captcha.uuid } : {}) });
      tokenStore.set(token);
      usernameStore.set(user.username);
      onSignedIn?.({ user, menus });
      pendingNotice.set({ kind: 'success', msg: '登录成功', duration: LOGIN_SUCCESS_SECONDS });
      const redirect = params.get('redirect');
      navigate(redirect && redirect.startsWith('/') && !redirect.startsWith('/login') ? redirect : '/', { replace: true });
    } catch (error) {
      show({ kind: 'error', msg: error instanceof ApiError ? error.message : Msg.serverError });
      setCode('');
      await checkCaptcha(username);
    } finally {
      setPending(false);
    }
  }

  return (
    <main className={styles.page}>
      <form className={styles.card} onInput={preload} onSubmit={(e) => void submit(e)} noValidate aria-labelledby="login-title">
        <h1 id="login-title" className={styles.title}>
          智慧体育场馆
        </h1>
        <label className={styles.field}>
          <span className={styles.label}>用户名</span>
          <input
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            onBlur={(e) => void checkCaptcha(e.target.value)}
            placeholder="用户名"
            autoComplete="username"
            aria-invalid={missing.username}
          />
          {missing.username && <span className={styles.error}>请输入用户名</span>}
        </label>
        <label className={styles.field}>
          <span className={styles.label}>密码</span>
          <input
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            placeholder="密码"
            autoComplete="current-password"
            aria-invalid={missing.password}
          />
          {missing.password && <span className={styles.error}>请输入密码</span>}
        </label>
        {captcha && (
          <label className={styles.field}>
            <span className={styles.label}>验证码</span>
            <span className={styles.captchaRow}>
              <input
                value={code}
                onChange={(e) => setCode(e.target.value)}
                placeholder="验证码"
                maxLength={10}
                autoComplete="off"
                aria-invalid={missing.code}
              />
              <button type="button" className={styles.captcha} onClick={() => void loginApi.captcha().then(setCaptcha)} title="看不清？点击换一张">
                <img src={captcha.img} alt="验证码" />
              </button>
            </span>
            {missing.code && <span className={styles.error}>{Msg.captchaRequired}</span>}
          </label>
        )}
        <button type="submit" className={styles.submit} disabled={pending}>
          {pending ? '登 录 中...' : '登 录'}
        </button>
      </form>
      {notice && (
        <div role="alert" className={`${styles.notice} ${styles[NOTICE_CLASS[notice.kind]]}`}>
          {notice.msg}
          <button type="button" aria-label="关闭" className={styles.close} onClick={() => setNotice(null)}>
            ×
          </button>
        </div>
      )}
    </main>
  );
}
