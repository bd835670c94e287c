/**
 * The SMTP test's failures as a hint a person can act on (issue 26): the mail library's words (OpenSSL's
 * "ssl3_get_record:wrong version number", "connect ECONNREFUSED 127.0.0.1:25") name the symptom, not the setting to
 * change. The server answers the hint followed by SMTP_DETAIL_SEPARATOR and the raw text; the page shows the hint
 * and the raw text below it in smaller print (`splitSmtpFailure`). Pure: no Node, no DOM.
 */

/** Between the hint and the mail server's (or the network's) own words in a 502 of the SMTP test. */
export const SMTP_DETAIL_SEPARATOR = '\n\nDetails: ';

/** What was tried: the form's server, port and Use SSL. */
export interface SmtpAttempt {
  host: string;
  port: number;
  useSSL: boolean;
}

/** The failure as the mail library reported it: its code (ESOCKET, EAUTH, …) when it has one, and its message. */
export interface SmtpError {
  code?: string;
  message: string;
}

/** A hint for the common failures, or null when the raw text is all there is to say. */
export function smtpFailureHint(error: SmtpError, attempt: SmtpAttempt): string | null {
  const text = `${error.code ?? ''} ${error.message}`;
  const at = `${attempt.host}:${attempt.port}`;
  if (/wrong[ _]version[ _]number|unknown protocol|packet length too long|record layer failure/i.test(text)) {
    return attempt.useSSL
      ? `The server does not speak SSL on port ${attempt.port}; turn off Use SSL (the connection is then upgraded by STARTTLS when the server offers it) or use port 465.`
      : `The connection to ${at} failed while encrypting it; check the port (465 needs Use SSL, 25 and 587 do not).`;
  }
  if (/self[- ]signed certificate|unable to verify the first certificate|unable to get (local )?issuer certificate|certificate has expired|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|CERT_HAS_EXPIRED/i.test(text)) {
    return `The mail server's certificate is not trusted (self-signed, expired or from an unknown authority): give the mail server a certificate from a public authority, or add its authority to the Corridor server's trusted certificates (NODE_EXTRA_CA_CERTS).`;
  }
  if (/altnames|does not match certificate|ERR_TLS_CERT_ALTNAME_INVALID/i.test(text)) {
    return `The mail server's certificate is not for ${attempt.host}: enter the server name its certificate names.`;
  }
  if (/STARTTLS|must issue a starttls|5\.7\.0 .*TLS|encryption required|TLS required/i.test(text)) {
    return `The mail server requires an encrypted connection: turn on Use SSL (usually port 465), or use a port where it offers STARTTLS (usually 587).`;
  }
  if (/ECONNREFUSED/.test(text)) {
    return `Nothing listens on ${at}: check the server name and port, and that the mail server is running.`;
  }
  if (/ENOTFOUND|EAI_AGAIN|EDNS/.test(text)) {
    return `The server name ${attempt.host} is unknown: check its spelling (the Corridor server could not look it up).`;
  }
  if (/EAUTH|Invalid login|\b535\b|authentication failed|\b534\b/i.test(text)) {
    return `The mail server refused the user name or password: check them, or whether the account may send mail through SMTP.`;
  }
  if (/Greeting never received/i.test(text) && !attempt.useSSL && attempt.port === 465) {
    return `The server at ${at} did not greet: port 465 expects SSL from the first byte, so turn on Use SSL.`;
  }
  if (/ETIMEDOUT|ETIMEOUT|timed? ?out|Greeting never received/i.test(text)) {
    return `The mail server at ${at} did not answer in time: a firewall may block the port, or ${attempt.useSSL ? 'the port expects no SSL (try turning off Use SSL)' : 'the port expects SSL (try Use SSL)'}.`;
  }
  if (/ECONNRESET|socket hang up|Connection closed/i.test(text)) {
    return `The mail server at ${at} closed the connection: check the port and Use SSL (465 with SSL, 587 or 25 without).`;
  }
  return null;
}

/** The 502 message of the SMTP test: the hint, then the raw words; the raw words alone when there is no hint. */
export function smtpFailureMessage(error: SmtpError, attempt: SmtpAttempt): string {
  const raw = error.message.trim() || 'The mail server did not accept the message.';
  const hint = smtpFailureHint(error, attempt);
  return hint === null ? raw : `${hint}${SMTP_DETAIL_SEPARATOR}${raw}`;
}

/** A message of the SMTP test split into its hint and the raw words (detail null when there is no hint). */
export function splitSmtpFailure(message: string): { hint: string; detail: string | null } {
  const at = message.indexOf(SMTP_DETAIL_SEPARATOR);
  if (at < 0) return { hint: message, detail: null };
  return { hint: message.slice(0, at), detail: message.slice(at + SMTP_DETAIL_SEPARATOR.length) };
}
