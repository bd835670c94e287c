/** The auth pages, one chunk loaded by the route table (app/pages.ts). */
export { LoginPage } from './LoginPage.tsx';
export { SignupPage } from './SignupPage.tsx';
