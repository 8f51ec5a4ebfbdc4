import '@/lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { queryClient } from '@/lib/query';
import { clearAllCookies, tokenStore } from '@/lib/storage';
import { AppShell } from '@/app/AppShell';
import { AppRoutes } from '@/app/AppRoutes';
import './global.css';

dayjs.locale('zh-cn');
// Spec 4: all cookies are cleared on start; the token is put back from local storage.
const token = tokenStore.get();
clearAllCookies();
if (token) tokenStore.set(token);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppShell>
          <AppRoutes />
        </AppShell>
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
