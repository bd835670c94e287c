/**
 * A real SMTP server in its own process for the tests (started by smtp-server.ts): plain SMTP without STARTTLS,
 * authentication required (the one user and password it was given; anything else is refused with 535), every
 * delivered message parsed and sent to the parent over IPC. Exits when the parent goes away.
 */
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  /** The To header's addresses. */
  to: string[];
  /** The SMTP envelope's recipients (RCPT TO): where the message was actually delivered. */
  rcptTo: string[];
  subject: string;
  text: string;
}

export type SmtpProcessMessage = { type: 'ready'; port: number } | { type: 'mail'; mail: ReceivedMail };

const [user = 'mailer', password = 'mail-secret'] = process.argv.slice(2);
const send = (message: SmtpProcessMessage) => process.send?.(message);

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) => group.value.map((entry) => entry.address ?? ''));

const server = new SMTPServer({
  secure: false,
  hideSTARTTLS: true,
  disabledCommands: ['STARTTLS'],
  allowInsecureAuth: true,
  authMethods: ['PLAIN', 'LOGIN'],
  logger: false,
  onAuth(auth, _session, callback) {
    if (auth.username === user && auth.password === password) return callback(null, { user: auth.username });
    callback(new Error('Invalid username or password'));
  },
  onData(stream, session, callback) {
    const rcptTo = session.envelope.rcptTo.map((recipient) => recipient.address);
    simpleParser(stream)
      .then((parsed) => {
        send({ type: 'mail', mail: { from: addresses(parsed.from).join(', '), to: addresses(parsed.to), rcptTo, subject: parsed.subject ?? '', text: parsed.text ?? '' } });
        callback();
      })
      .catch((err: Error) => callback(err));
  },
});

server.listen(0, '127.0.0.1', () => {
  const address = server.server.address();
  send({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
});
process.on('disconnect', () => server.close(() => process.exit(0)));
