import { describe, expect, it } from 'vitest';
import { pushTexts } from '../../server/services/push';
import { base64UrlToBytes, notificationTarget, parsePushPayload } from '../../src/domain/push';

describe('VAPID-Schlüssel', () => {
  it('decodes URL-safe base64 without padding', () => {
    expect([...base64UrlToBytes('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
    expect(base64UrlToBytes(Buffer.alloc(65, 4).toString('base64url'))).toHaveLength(65);
  });
});

describe('Push-Nachrichten (Server baut, Service Worker liest)', () => {
  it('builds the check-done notification that opens the order list', () => {
    expect(pushTexts.checkDone).toMatchObject({
      title: 'Ihre Bestellung wurde geprüft – jetzt bezahlen',
      url: '/admin/orderlist',
    });
  });

  it('builds the sold-out return notification that opens the offer of the lwin11', () => {
    expect(pushTexts.soldOutReturn('Château Margaux 2015', '10125902015')).toEqual({
      title: 'Château Margaux 2015 ist wieder verfügbar',
      body: 'Sie wollten als Erste/r informiert werden: Der Wein ist wieder im Angebot.',
      url: '/admin/angebot/10125902015',
      tag: 'angebot-10125902015',
    });
  });

  it('reads back exactly what the server sends', () => {
    for (const notification of [
      pushTexts.checkDone,
      pushTexts.soldOutReturn('Opus One 2018', '1234567201'),
    ]) {
      expect(parsePushPayload(JSON.stringify(notification))).toEqual(notification);
    }
  });

  it('fills in body, route and tag; a message without a title or not in JSON shows the default', () => {
    expect(parsePushPayload('{"title":"Hallo"}')).toEqual({
      title: 'Hallo',
      body: '',
      url: '/admin/start',
      tag: 'weindepot',
    });
    for (const text of ['{"body":"ohne Titel"}', '{"title":"  "}', 'kein JSON', 'null', '42', '', null]) {
      expect(parsePushPayload(text), String(text)).toEqual({
        title: 'Weindepot',
        body: 'Es gibt Neuigkeiten zu Ihrem Weindepot.',
        url: '/admin/start',
        tag: 'weindepot',
      });
    }
  });

  it('opens only routes of the portal itself on click', () => {
    const origin = 'https://portal.example';
    expect(notificationTarget('/admin/orderlist', origin)).toBe('https://portal.example/admin/orderlist');
    expect(notificationTarget('/admin/angebot/10125902015', origin)).toBe(
      'https://portal.example/admin/angebot/10125902015',
    );
    expect(notificationTarget('https://evil.example/phish', origin)).toBe(
      'https://portal.example/admin/start',
    );
    expect(notificationTarget('//evil.example/x', origin)).toBe('https://portal.example/admin/start');
    expect(notificationTarget('javascript:alert(1)', origin)).toBe('https://portal.example/admin/start');
    expect(notificationTarget(undefined, origin)).toBe('https://portal.example/admin/start');
  });
});
