import * as courseAdmin from '@venue/contract/course-admin';

/** Label maps as Select / Radio options, in the contract's order. */
export const optionsOf = <K extends string>(keys: readonly K[], labels: Record<K, string>) => keys.map((value) => ({ value, label: labels[value] }));

export const COURSE_STATE_OPTIONS = optionsOf(courseAdmin.STATES, courseAdmin.STATE_LABELS);
export const COACH_KIND_OPTIONS = optionsOf(courseAdmin.COACH_KINDS, courseAdmin.COACH_KIND_LABELS);
export const CATEGORY_OPTIONS = optionsOf(courseAdmin.CATEGORIES, courseAdmin.CATEGORY_LABELS);
export const CLASS_STATE_OPTIONS = optionsOf(courseAdmin.CLASS_STATES, courseAdmin.CLASS_STATE_LABELS);
export const WEEKDAY_OPTIONS = ['一', '二', '三', '四', '五', '六', '日'].map((d, i) => ({ value: i + 1, label: `周${d}` }));
