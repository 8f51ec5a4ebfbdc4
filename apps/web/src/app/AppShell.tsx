import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { bindUnauthorised } from '@/lib/http';
import { bindFeedback, showPendingNotice } from '@/lib/notify';
import { tokenStore } from '@/lib/storage';
import { useReducedMotion } from '@/hooks/useReducedMotion';
import { antdSize, fontSizeOf, useLayout } from './layout/settings';
import { themeComponents, themeTokens } from './theme';

function FeedbackBinder() {
  const { notification, message } = App.useApp();
  const navigate = useNavigate();
  useEffect(() => {
    bindFeedback(notification, message);
    bindUnauthorised(() => navigate('/401'));
  }, [notification, message, navigate]);
  // Without a token the user is on the way to /login, which shows the notice itself (this frame is about to go).
  useEffect(() => {
    if (tokenStore.get()) showPendingNotice();
  }, []);
  return null;
}

/** antd in Chinese with the saved theme and size; feedback and the 403 route bound for code outside components. */
export function AppShell({ children }: { children: ReactNode }) {
  const theme = useLayout((s) => s.theme);
  const size = useLayout((s) => s.size);
  // The chosen colour itself stays the brand (the sidebar's selected mark); controls use its accessible shade.
  useEffect(() => document.documentElement.style.setProperty('--brand', theme), [theme]);
  // Below 992 px (spec 4's mobile) every dialog is a full-screen sheet: one rule in global.css keyed on this.
  const device = useLayout((s) => s.device);
  useEffect(() => {
    document.body.dataset.device = device;
  }, [device]);
  // prefers-reduced-motion: no zooms, slides or click waves (dialogs still take focus when they open).
  const reducedMotion = useReducedMotion();
  return (
    <ConfigProvider
      locale={zhCN}
      theme={{ token: { ...themeTokens(theme, fontSizeOf(size)), motion: !reducedMotion }, components: themeComponents, zeroRuntime: true }}
      componentSize={antdSize(size)}
      wave={{ disabled: reducedMotion }}
    >
      <App>
        <FeedbackBinder />
        {children}
      </App>
    </ConfigProvider>
  );
}
