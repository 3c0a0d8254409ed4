export { Card, Section } from './section';
