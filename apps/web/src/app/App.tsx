import '@/lib/zod-config';
import { QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { queryClient } from '@/lib/query';
import './antd-static.css';
import { AppRoutes } from './AppRoutes';
import { AppShell } from './AppShell';

dayjs.locale('zh-cn');

/**
 * Everything behind the login: antd, the API client, the schemas, the frame and the screens. Loaded
 * lazily by main.tsx, so /login downloads none of it (it starts loading as the password is checked).
 */
export default function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppShell>
        <AppRoutes />
      </AppShell>
    </QueryClientProvider>
  );
}
