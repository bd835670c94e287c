/** The pages of mailed links and forgot password: their own chunk (with the `mail` texts), not the login page's. */
export { ForgotPasswordPage } from './ForgotPasswordPage.tsx';
export { SetPasswordPage } from './SetPasswordPage.tsx';
export { VerifyEmailPage } from './VerifyEmailPage.tsx';
