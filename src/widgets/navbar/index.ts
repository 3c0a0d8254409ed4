export * as navbarModel from './model';
export { Navbar } from './ui/navbar';
