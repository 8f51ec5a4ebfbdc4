import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { bindUnauthorised } from '@/lib/http';
import { bindFeedback } from '@/lib/notify';

function FeedbackBinder() {
  const { notification, message } = App.useApp();
  const navigate = useNavigate();
  useEffect(() => {
    bindFeedback(notification, message);
    bindUnauthorised(() => navigate('/401'));
  }, [notification, message, navigate]);
  return null;
}

/** antd in Chinese, feedback and the 403 route bound for code outside components. */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: '#409EFF' } }} componentSize="small">
      <App>
        <FeedbackBinder />
        {children}
      </App>
    </ConfigProvider>
  );
}
