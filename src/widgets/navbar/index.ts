export { Navbar } from './ui/navbar';
