import './model';

export { Navbar } from './ui/navbar';
