import { course } from '@venue/contract';
import type { BoardSource } from './source.ts';

/** 课程培训: paid course orders (enrolments) and their refunds of unused lessons. */
export const courseOrderSource: BoardSource = { capability: 'course', payable: { orderType: course.COURSE_ORDER_TYPE, table: 'course_order' } };
