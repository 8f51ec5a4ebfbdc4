import { message, notification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { pendingNotice, type PendingNotice } from './storage';

/**
 * Feedback outside React components (the HTTP client). The app shell hands over the context-aware
 * instances from `App.useApp()` so the theme applies; before that the static API is used.
 */
let notifier: NotificationInstance = notification;
let messenger: MessageInstance = message;
export function bindFeedback(n: NotificationInstance, m: MessageInstance): void {
  notifier = n;
  messenger = m;
}

/** Durations of spec 9, in seconds. */
export const DURATION = { normal: 3, error: 5, loginError: 8, loginSuccess: 2 } as const;

export const notify = {
  success: (msg: string, duration: number = DURATION.normal) => notifier.success({ title: msg, duration }),
  warning: (msg: string, duration: number = DURATION.normal) => notifier.warning({ title: msg, duration }),
  error: (msg: string, duration: number = DURATION.error) => notifier.error({ title: msg, duration }),
};
/** Shown once the page has reloaded: for a message said just before a reload (password changed, venue switched). */
export function notifyAfterReload(notice: PendingNotice): void {
  pendingNotice.set(notice);
}

/** Shows the notice left before a reload, if any. */
export function showPendingNotice(): void {
  const notice = pendingNotice.take();
  if (notice) notify[notice.kind](notice.msg, notice.duration);
}

export const toast = {
  success: (msg: string) => messenger.success(msg),
  warning: (msg: string) => messenger.warning(msg),
  error: (msg: string) => messenger.error(msg),
};
