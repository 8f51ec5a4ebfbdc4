import { useState } from 'react';
import { auth } from '@venue/contract';
import { useApiQuery, useInvalidate } from '@/lib/query';

/**
 * Spec 2.2: whether `username` must type a captcha (asked for the name in the box, again after a
 * failed login), and the captcha image when so. Both are quiet: the form simply shows no captcha.
 */
export function useCaptcha(initialUsername: string | undefined, enabled: boolean) {
  const [username, setUsername] = useState(initialUsername);
  const invalidate = useInvalidate();
  const need = useApiQuery(auth.checkNeedCaptcha, { query: { username } }, { quiet: true, enabled });
  // A captcha answers once: never shown again from the cache.
  const image = useApiQuery(auth.captcha, {}, { quiet: true, enabled: enabled && need.data?.needCaptcha === true, gcTime: 0 });
  return {
    captcha: need.data?.needCaptcha ? (image.data ?? null) : null,
    /** The name in the box changed. */
    checkFor: (name: string | undefined) => setUsername(name),
    /** A new image (看不清？点击换一张). */
    refresh: () => void image.refetch(),
    /** After a failed login: ask again for this name, with a new image. */
    recheck: (name: string | undefined) => {
      setUsername(name);
      return invalidate([auth.checkNeedCaptcha, auth.captcha]);
    },
  };
}
