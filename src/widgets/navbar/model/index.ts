import './tasks-badge';

export { $activeTab, tabs, type NavTab } from './active-tab';
