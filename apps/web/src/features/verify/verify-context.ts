import { createContext, useContext } from 'react';

/** Timings of the dialog (spec 9): the keyword box takes focus 500 ms after opening; Enter counts only 3 s after the dialog was created. */
export const VERIFY_FOCUS_DELAY_MS = 500;
export const VERIFY_ENTER_DELAY_MS = 3000;

export interface VerifyDialogContext {
  /** Closes the dialog (取消, or a tab after a success). */
  close: () => void;
  /** performance.now() when the dialog was created. */
  openedAt: number;
}

export const VerifyContext = createContext<VerifyDialogContext | null>(null);

export function useVerifyDialog(): VerifyDialogContext {
  const context = useContext(VerifyContext);
  if (!context) throw new Error('useVerifyDialog outside VerifyDialog');
  return context;
}

/** Whether Enter is live yet: only 3 s after the dialog was created (spec 2.8). */
export const enterLive = (openedAt: number, now: number) => now - openedAt >= VERIFY_ENTER_DELAY_MS;
