export { SchedulePage } from './SchedulePage';
export { SchedulesPage } from './SchedulesPage';
