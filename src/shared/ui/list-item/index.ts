export { type Figure, type FigureTone, ItemList, ListItem, ListItemIcon, ListItemMeta } from './list-item';
