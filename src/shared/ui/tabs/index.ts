export { Tabs, tabClassNames, type Tab } from './tabs';
