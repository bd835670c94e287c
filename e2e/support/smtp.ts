/** The tests' real SMTP server (a child process), shared with the API tests. */
export { linkIn, startSmtpServer, tokenOf, type ReceivedMail, type TestSmtpServer } from '../../apps/server/test/smtp-server.ts';
