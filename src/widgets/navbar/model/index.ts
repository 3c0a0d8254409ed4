import './tasks-badge';
