import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { bindUnauthorised } from '@/lib/http';
import { bindFeedback, showPendingNotice } from '@/lib/notify';
import { antdSize, fontSizeOf, useLayout } from './layout/settings';

function FeedbackBinder() {
  const { notification, message } = App.useApp();
  const navigate = useNavigate();
  useEffect(() => {
    bindFeedback(notification, message);
    bindUnauthorised(() => navigate('/401'));
  }, [notification, message, navigate]);
  useEffect(showPendingNotice, []);
  return null;
}

/** antd in Chinese with the saved theme and size; feedback and the 403 route bound for code outside components. */
export function AppShell({ children }: { children: ReactNode }) {
  const theme = useLayout((s) => s.theme);
  const size = useLayout((s) => s.size);
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: theme, fontSize: fontSizeOf(size) } }} componentSize={antdSize(size)}>
      <App>
        <FeedbackBinder />
        {children}
      </App>
    </ConfigProvider>
  );
}
