import { describe, expect, test } from 'vitest';
import { getWebmailForEmail } from './webmail';

describe('webmail detection', () => {
  test.each([
    ['ada@gmail.com', 'Gmail'],
    ['ada@googlemail.com', 'Gmail'],
    ['Ada@GMAIL.COM', 'Gmail'],
    ['ada@outlook.com', 'Outlook'],
    ['ada@hotmail.com', 'Outlook'],
    ['ada@hotmail.fr', 'Outlook'],
    ['ada@live.com', 'Outlook'],
    ['ada@live.co.uk', 'Outlook'],
    ['ada@msn.com', 'Outlook'],
    ['ada@yahoo.com', 'Yahoo Mail'],
    ['ada@yahoo.co.jp', 'Yahoo Mail'],
    ['ada@ymail.com', 'Yahoo Mail'],
    ['ada@proton.me', 'Proton Mail'],
    ['ada@protonmail.com', 'Proton Mail'],
    ['ada@pm.me', 'Proton Mail'],
    ['ada@icloud.com', 'iCloud Mail'],
    ['ada@me.com', 'iCloud Mail'],
    ['ada@mac.com', 'iCloud Mail'],
    ['ada@gmx.de', 'GMX'],
    ['ada@gmx.com', 'GMX'],
    ['ada@aol.com', 'AOL Mail'],
    ['ada@zoho.com', 'Zoho Mail'],
    ['ada@yandex.ru', 'Yandex Mail'],
    ['ada@mail.ru', 'Mail.ru'],
    ['ada@fastmail.com', 'Fastmail'],
    ['ada@tutanota.com', 'Tuta Mail'],
    ['ada@tuta.io', 'Tuta Mail'],
    ['ada@web.de', 'WEB.DE'],
    ['ada@orange.fr', 'Orange Mail'],
    ['ada@free.fr', 'Free Zimbra'],
    ['ada@libero.it', 'Libero Mail'],
    ['ada@wp.pl', 'Poczta WP'],
    ['ada@onet.pl', 'Poczta Onet'],
    ['ada@interia.pl', 'Poczta Interia'],
    ['ada@o2.pl', 'Poczta o2'],
    ['ada@uol.com.br', 'UOL Mail'],
    ['ada@sapo.pt', 'SAPO Mail'],
  ])('%s opens %s', (email, name) => {
    expect(getWebmailForEmail(email)?.name).toBe(name);
  });

  test.each([
    'ada@company.example',
    'ada@notgmail.com',
    'ada@gmail.com.evil.example',
    'not-an-email',
    'ada@',
  ])('%s has no webmail', (email) => {
    expect(getWebmailForEmail(email)).toBeUndefined();
  });

  test('every webmail URL is https', () => {
    expect(getWebmailForEmail('ada@gmail.com')?.url).toMatch(/^https:\/\//);
  });
});
