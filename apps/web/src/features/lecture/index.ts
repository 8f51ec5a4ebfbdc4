/** What other features use of lectures: the 快速核销 lecture tab's table and its work. */
export { LectureUserTable } from './components/LectureUserTable';
export { useLectureCheck } from './useLectureCheck';
