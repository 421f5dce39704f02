import type { Language } from './user';

/**
 * The account e-mails (reset link, invitation, added to a licence, password changed) in the recipient's
 * language. Pure: the handler supplies links and names; the mail port sends what this returns.
 */
export interface AccountMail {
  subject: string;
  text: string;
  html: string;
}

export type AccountMailInput =
  | { kind: 'password-reset'; name: string; link: string; minutes: number }
  | { kind: 'invitation'; name: string; licence: string; inviter: string; link: string; days: number }
  | { kind: 'added-to-licence'; name: string; licence: string; inviter: string; link: string }
  | { kind: 'password-changed'; name: string; link: string };

interface Texts {
  greeting: (name: string) => string;
  closing: string;
  resetSubject: string;
  resetBody: (minutes: number) => string;
  resetAction: string;
  resetIgnore: string;
  inviteSubject: (licence: string) => string;
  inviteBody: (inviter: string, licence: string, days: number) => string;
  inviteAction: string;
  addedSubject: (licence: string) => string;
  addedBody: (inviter: string, licence: string) => string;
  addedAction: string;
  changedSubject: string;
  changedBody: string;
  changedAction: string;
}

const TEXTS: Record<Language, Texts> = {
  en: {
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    closing: 'The Stramien team',
    resetSubject: 'Reset your Stramien password',
    resetBody: (minutes) =>
      `We received a request to reset the password of your Stramien account. The link works once, for ${minutes} minutes.`,
    resetAction: 'Reset password',
    resetIgnore: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    inviteSubject: (licence) => `You are invited to ${licence} on Stramien`,
    inviteBody: (inviter, licence, days) =>
      `${inviter} invited you to work in ${licence} on Stramien. Choose your name and password to set up your account. The link works once, for ${days} days.`,
    inviteAction: 'Set up your account',
    addedSubject: (licence) => `You now have access to ${licence} on Stramien`,
    addedBody: (inviter, licence) =>
      `${inviter} added your Stramien account to ${licence}. Sign in with your usual e-mail address and password.`,
    addedAction: 'Open Stramien',
    changedSubject: 'Your Stramien password was changed',
    changedBody:
      'The password of your Stramien account was just changed, and other sign-ins were ended. If this was not you, reset your password now.',
    changedAction: 'Reset password',
  },
  nl: {
    greeting: (name) => (name ? `Beste ${name},` : 'Beste,'),
    closing: 'Het Stramien-team',
    resetSubject: 'Stel je Stramien-wachtwoord opnieuw in',
    resetBody: (minutes) =>
      `We hebben een verzoek ontvangen om het wachtwoord van je Stramien-account opnieuw in te stellen. De link werkt één keer, ${minutes} minuten lang.`,
    resetAction: 'Wachtwoord opnieuw instellen',
    resetIgnore: 'Heb je dit niet gevraagd? Negeer dan deze e-mail: je wachtwoord blijft ongewijzigd.',
    inviteSubject: (licence) => `Je bent uitgenodigd voor ${licence} op Stramien`,
    inviteBody: (inviter, licence, days) =>
      `${inviter} heeft je uitgenodigd om in ${licence} op Stramien te werken. Kies je naam en wachtwoord om je account in te richten. De link werkt één keer, ${days} dagen lang.`,
    inviteAction: 'Account instellen',
    addedSubject: (licence) => `Je hebt nu toegang tot ${licence} op Stramien`,
    addedBody: (inviter, licence) =>
      `${inviter} heeft je Stramien-account toegevoegd aan ${licence}. Log in met je gebruikelijke e-mailadres en wachtwoord.`,
    addedAction: 'Stramien openen',
    changedSubject: 'Je Stramien-wachtwoord is gewijzigd',
    changedBody:
      'Het wachtwoord van je Stramien-account is zojuist gewijzigd en andere aanmeldingen zijn beëindigd. Was jij dit niet? Stel je wachtwoord dan nu opnieuw in.',
    changedAction: 'Wachtwoord opnieuw instellen',
  },
  de: {
    greeting: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
    closing: 'Ihr Stramien-Team',
    resetSubject: 'Stramien-Passwort zurücksetzen',
    resetBody: (minutes) =>
      `Wir haben eine Anfrage erhalten, das Passwort Ihres Stramien-Kontos zurückzusetzen. Der Link funktioniert einmal, ${minutes} Minuten lang.`,
    resetAction: 'Passwort zurücksetzen',
    resetIgnore: 'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
    inviteSubject: (licence) => `Einladung zu ${licence} auf Stramien`,
    inviteBody: (inviter, licence, days) =>
      `${inviter} hat Sie eingeladen, in ${licence} auf Stramien zu arbeiten. Wählen Sie Ihren Namen und Ihr Passwort, um Ihr Konto einzurichten. Der Link funktioniert einmal, ${days} Tage lang.`,
    inviteAction: 'Konto einrichten',
    addedSubject: (licence) => `Sie haben jetzt Zugang zu ${licence} auf Stramien`,
    addedBody: (inviter, licence) =>
      `${inviter} hat Ihr Stramien-Konto zu ${licence} hinzugefügt. Melden Sie sich mit Ihrer gewohnten E-Mail-Adresse und Ihrem Passwort an.`,
    addedAction: 'Stramien öffnen',
    changedSubject: 'Ihr Stramien-Passwort wurde geändert',
    changedBody:
      'Das Passwort Ihres Stramien-Kontos wurde soeben geändert, andere Anmeldungen wurden beendet. Wenn Sie das nicht waren, setzen Sie Ihr Passwort jetzt zurück.',
    changedAction: 'Passwort zurücksetzen',
  },
};

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const compose = (subject: string, greeting: string, paragraphs: string[], action: { label: string; link: string }, closing: string) => {
  const text = [greeting, '', ...paragraphs.flatMap((p) => [p, '']), `${action.label}: ${action.link}`, '', closing, ''].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5; color: #1c2127">',
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(action.link)}" style="display: inline-block; padding: 8px 16px; background: #2e8be8; color: #fff; text-decoration: none; border-radius: 3px">${escapeHtml(action.label)}</a></p>`,
    `<p style="font-size: 12px; color: #5f6b7c">${escapeHtml(action.link)}</p>`,
    `<p>${escapeHtml(closing)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
};

export const accountMail = (input: AccountMailInput, language: Language = 'en'): AccountMail => {
  const t = TEXTS[language] ?? TEXTS.en;
  const hello = t.greeting(input.name.trim());
  switch (input.kind) {
    case 'password-reset':
      return compose(
        t.resetSubject,
        hello,
        [t.resetBody(input.minutes), t.resetIgnore],
        { label: t.resetAction, link: input.link },
        t.closing,
      );
    case 'invitation':
      return compose(
        t.inviteSubject(input.licence),
        hello,
        [t.inviteBody(input.inviter, input.licence, input.days)],
        { label: t.inviteAction, link: input.link },
        t.closing,
      );
    case 'added-to-licence':
      return compose(
        t.addedSubject(input.licence),
        hello,
        [t.addedBody(input.inviter, input.licence)],
        { label: t.addedAction, link: input.link },
        t.closing,
      );
    case 'password-changed':
      return compose(t.changedSubject, hello, [t.changedBody], { label: t.changedAction, link: input.link }, t.closing);
  }
};
