import { z } from 'zod';

// Validation messages default to Chinese on both sides; fields with their own message keep it.
z.config(z.locales.zhCN());
