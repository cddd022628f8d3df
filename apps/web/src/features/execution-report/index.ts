export { ExecutionReportPage } from './ExecutionReportPage';
