export { ApplicationReportPage, ModelReportPage, WorkflowReportPage } from './pages';
