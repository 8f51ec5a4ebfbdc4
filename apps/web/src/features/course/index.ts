/** What other features use of courses: the 快速核销 course tab's table and its work. */
export { CheckTable } from './components/CheckTable';
export { PrivateLessons } from './components/PrivateLessons';
export { useCourseCheck } from './useCourseCheck';
