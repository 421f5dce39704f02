import { describe, expect, it } from 'vitest';
import { accountMail } from './accountMails';

describe('account mails', () => {
  it('puts the reset link in the text and the html', () => {
    const mail = accountMail({ kind: 'password-reset', name: 'Ann Smit', link: 'https://cde.example/reset/abc?email=a%40b', minutes: 30 });
    expect(mail.subject).toBe('Reset your Stramien password');
    expect(mail.text).toContain('Hello Ann Smit,');
    expect(mail.text).toContain('https://cde.example/reset/abc?email=a%40b');
    expect(mail.text).toContain('30 minutes');
    expect(mail.html).toContain('href="https://cde.example/reset/abc?email=a%40b"');
  });

  it('writes in the recipient’s language', () => {
    const input = { kind: 'invitation', name: '', licence: 'Bouw BV', inviter: 'Piet', link: 'https://x/invite/t', days: 7 } as const;
    expect(accountMail(input, 'nl').subject).toBe('Je bent uitgenodigd voor Bouw BV op Stramien');
    expect(accountMail(input, 'de').subject).toBe('Einladung zu Bouw BV auf Stramien');
    expect(accountMail(input, 'nl').text.startsWith('Beste,')).toBe(true);
  });

  it('escapes names in the html', () => {
    const mail = accountMail({ kind: 'added-to-licence', name: '<b>Eve</b>', licence: 'A & B', inviter: 'Bob', link: 'https://x/' });
    expect(mail.html).toContain('Hello &lt;b&gt;Eve&lt;/b&gt;,');
    expect(mail.html).toContain('A &amp; B');
    expect(mail.html).not.toContain('<b>Eve</b>');
  });
});
