export { TASK_ICON_GLYPHS, taskIconGlyph } from './task-icons';
