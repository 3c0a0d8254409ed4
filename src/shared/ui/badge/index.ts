export { Badge, type BadgeTone } from './badge';
