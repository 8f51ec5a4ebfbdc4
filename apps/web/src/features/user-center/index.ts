export { PasswordForm } from './components/PasswordForm';
