export { ApplicationExecutionsPage, ModelExecutionsPage, WorkflowExecutionsPage } from './pages';
