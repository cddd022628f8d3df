export { ExecuteApplicationPage } from './execute/ExecuteApplicationPage';
export { ApplicationExecutionsPage } from './monitoring/ApplicationExecutionsPage';
export { ApplicationReportPage } from './monitoring/ApplicationReportPage';
