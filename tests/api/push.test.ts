import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outbox, pushSubscriptions, soldOutRequests, vintages } from '../../server/db/schema';
import { dispatchOutboxOnce } from '../../server/jobs/outbox-dispatcher';
import { createOutboxHandlers } from '../../server/jobs/outbox-handlers';
import { createMailTransport } from '../../server/services/mail';
import { enqueueOutbox } from '../../server/services/outbox';
import {
  createPushSender,
  enqueuePushToUser,
  notifySoldOutReturn,
  pushTexts,
} from '../../server/services/push';
import { type HostResolver, pushEndpointPolicy } from '../../server/services/push-endpoint';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';

/** A browser's push subscription: P-256 key pair and auth secret, as PushManager creates them. */
function browserSubscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    authText: auth.toString('base64url'),
  };
}

/** Decrypts an `aes128gcm` Web Push body (RFC 8291 key derivation, RFC 8188 record) as the browser does. */
function decryptPushBody(body: Buffer, subscription: ReturnType<typeof browserSubscription>): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublicKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const sharedSecret = subscription.ecdh.computeSecret(serverPublicKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    subscription.ecdh.getPublicKey(),
    serverPublicKey,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, subscription.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 followed by optional zero padding.
  const end = padded.lastIndexOf(2);
  return padded.subarray(0, end).toString('utf8');
}

interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

describe.each(databaseTargets)('Push-Benachrichtigungen (%s)', (target) => {
  let portal: TestPortal;
  let pushService: Server;
  let pushOrigin = '';
  const received: ReceivedPush[] = [];
  let answerStatus = 201;

  /** What the injected resolver answers per host name (the tests' DNS). */
  const dns = new Map<string, string[]>();
  const resolveHost: HostResolver = async (hostname) => {
    const addresses = dns.get(hostname);
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

  beforeAll(async () => {
    pushService = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
        if (request.url?.startsWith('/push/umleitung')) {
          response.writeHead(307, { location: '/push/umgeleitet' }).end();
          return;
        }
        response.statusCode = answerStatus;
        response.end();
      });
    });
    await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
    const port = (pushService.address() as AddressInfo).port;
    pushOrigin = `http://127.0.0.1:${port}`;
    // Only this listener is exempt from the public-https rule (PUSH_ENDPOINT_ALLOWLIST).
    portal = await startTestPortal(target, {
      seed: true,
      env: { PUSH_ENDPOINT_ALLOWLIST: `127.0.0.1:${port}` },
      resolveHost,
    });
  }, 120_000);
  afterAll(async () => {
    await new Promise((resolve) => pushService?.close(resolve));
    await portal?.close();
  });
  beforeEach(async () => {
    received.length = 0;
    answerStatus = 201;
    await portal.db.delete(outbox);
  });

  const deliver = () =>
    dispatchOutboxOnce(
      portal.db,
      createOutboxHandlers({
        mail: createMailTransport({
          smtpUrl: undefined,
          mailDir: portal.config.mailDir,
          from: portal.config.mailFrom,
        }),
        push: createPushSender(
          portal.db,
          portal.config.vapid,
          pushEndpointPolicy(portal.config, resolveHost),
        ),
      }),
      { retryBaseMs: 0, leaseMs: 0 },
    );

  async function signIn(email: string): Promise<string> {
    const answer = await portal.gql<{ tokenAuth: { token: string } }>(
      'mutation ($email: String!) { tokenAuth(email: $email, password: "Weindepot2026!") { token } }',
      { email },
    );
    return answer.data?.tokenAuth.token ?? '';
  }

  const REGISTER = `mutation ($endpoint: String!, $p256dh: String!, $auth: String!) {
    registerPushSubscription(endpoint: $endpoint, p256dh: $p256dh, auth: $auth) { success errors { message } }
  }`;

  async function subscribe(token: string, name: string, endpoint = `${pushOrigin}/push/${name}`) {
    const subscription = browserSubscription();
    const answer = await portal.gql(
      REGISTER,
      { endpoint, p256dh: subscription.p256dh, auth: subscription.authText },
      { token },
    );
    expect(answer.data).toEqual({ registerPushSubscription: { success: true, errors: [] } });
    return subscription;
  }

  it('encrypts the notification for the subscription, signed with the VAPID key', async () => {
    const token = await signIn('kunde@example.com');
    const subscription = await subscribe(token, 'kunde-laptop');
    const vapidKey = await portal.gql<{ vapidPublicKey: string }>('{ vapidPublicKey }');
    expect(vapidKey.data?.vapidPublicKey).toBe(portal.config.vapid.publicKey);

    const [user] = await portal.db.query.users.findMany({
      where: (u, { eq: is }) => is(u.email, 'kunde@example.com'),
    });
    await enqueuePushToUser(portal.db, user!.id, pushTexts.checkDone);
    expect(await deliver()).toBe(1);

    expect(received).toHaveLength(1);
    const push = received[0]!;
    expect(push.path).toBe('/push/kunde-laptop');
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(String(push.headers.authorization)).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${portal.config.vapid.publicKey}$`),
    );
    expect(JSON.parse(decryptPushBody(push.body, subscription))).toEqual({
      title: 'Ihre Bestellung wurde geprüft – jetzt bezahlen',
      body: 'Die Verfügbarkeit Ihrer Weine ist bestätigt. Sie können Ihre Rechnung jetzt bezahlen.',
      url: '/admin/orderlist',
      tag: 'orderlist',
    });
  });

  it('keeps at most 10 subscriptions per client, the oldest giving way, so one event is at most 10 pushes', async () => {
    const token = await signIn('neukunde@example.com');
    const [user] = await portal.db.query.users.findMany({
      where: (u, { eq: is }) => is(u.email, 'neukunde@example.com'),
    });
    await portal.db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, user!.id));
    for (let device = 1; device <= 11; device += 1) await subscribe(token, `geraet-${device}`);
    // The 11th replaced the first. The second registers again (a browser renews its
    // subscription): it counts as the newest now, so the next ones replace the third, fourth, fifth.
    await subscribe(token, 'geraet-2');
    await subscribe(token, 'geraet-12');
    // Two at once still leave ten.
    await Promise.all([subscribe(token, 'geraet-13'), subscribe(token, 'geraet-14')]);
    const endpoints = async () =>
      (
        await portal.db
          .select({ endpoint: pushSubscriptions.endpoint })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, user!.id))
      )
        .map((row) => row.endpoint.replace(`${pushOrigin}/push/`, ''))
        .sort();
    const expected = [2, 6, 7, 8, 9, 10, 11, 12, 13, 14].map((device) => `geraet-${device}`).sort();
    expect(await endpoints()).toEqual(expected);
    await enqueuePushToUser(portal.db, user!.id, pushTexts.checkDone);
    expect(await deliver()).toBe(10);
    expect(received.map((push) => push.path.replace('/push/', '')).sort()).toEqual(expected);
  });

  it('deletes a subscription the push service answers 410 for', async () => {
    const token = await signIn('neukunde@example.com');
    await subscribe(token, 'abgelaufen');
    const [user] = await portal.db.query.users.findMany({
      where: (u, { eq: is }) => is(u.email, 'neukunde@example.com'),
    });
    answerStatus = 410;
    await enqueuePushToUser(portal.db, user!.id, pushTexts.checkDone);
    await deliver();
    const left = await portal.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user!.id));
    expect(left).toEqual([]);
    const [row] = await portal.db.select().from(outbox);
    expect(row?.status).toBe('SKIPPED');
  });

  it('refuses a malformed subscription with a German message and requires a session', async () => {
    const token = await signIn('kunde@example.com');
    const bad = await portal.gql<{
      registerPushSubscription: { success: boolean; errors: { message: string }[] };
    }>(
      'mutation { registerPushSubscription(endpoint: "kein-endpunkt", p256dh: "x", auth: "y") { success errors { message } } }',
      {},
      { token },
    );
    expect(bad.data?.registerPushSubscription.errors[0]?.message).toBe(
      'Die Push-Anmeldung des Browsers ist unvollständig. Bitte versuchen Sie es erneut.',
    );
    const visitor = await portal.gql(
      'mutation { registerPushSubscription(endpoint: "https://push.example/x", p256dh: "abc", auth: "def") { success } }',
    );
    expect(visitor.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('tells each client who asked about a sold-out wine exactly once when it is back', async () => {
    const [vintage] = await portal.db.select().from(vintages).limit(1);
    const clients = ['kunde@example.com', 'thomas.keller@example.com'];
    const subscriptions = new Map<string, ReturnType<typeof browserSubscription>>();
    for (const email of clients) {
      const token = await signIn(email);
      subscriptions.set(email, await subscribe(token, email.split('@')[0]!));
      const [user] = await portal.db.query.users.findMany({ where: (u, { eq: is }) => is(u.email, email) });
      await portal.db
        .insert(soldOutRequests)
        .values({ userId: user!.id, vintageId: vintage!.id })
        .onConflictDoNothing();
    }

    expect(await portal.db.transaction((tx) => notifySoldOutReturn(tx, vintage!.id))).toBe(2);
    expect(await portal.db.transaction((tx) => notifySoldOutReturn(tx, vintage!.id))).toBe(0);
    await deliver();

    const pushes = received.filter((push) => push.path !== '/push/kunde-laptop');
    expect(pushes.map((push) => push.path).sort()).toEqual(['/push/kunde', '/push/thomas.keller']);
    const kunde = JSON.parse(
      decryptPushBody(
        pushes.find((p) => p.path === '/push/kunde')!.body,
        subscriptions.get('kunde@example.com')!,
      ),
    );
    expect(kunde).toMatchObject({
      title: `${vintage!.title} ${vintage!.year} ist wieder verfügbar`,
      url: `/admin/angebot/${vintage!.lwin11}`,
    });
    const mails = await portal.mailsTo('thomas.keller@example.com');
    expect(
      mails.some((mail) => mail.subject === `${vintage!.title} ${vintage!.year} ist wieder verfügbar`),
    ).toBe(true);
  });

  it('refuses endpoints that are no public https push service, with a German message, storing nothing', async () => {
    const token = await signIn('kunde@example.com');
    dns.set('push.intern.example', ['10.1.2.3']);
    dns.set('metadaten.example', ['169.254.169.254']);
    dns.set('gemischt.example', ['93.184.216.34', '::1']);
    dns.set('ula.example', ['fd12:3456::1']);
    dns.set('gemappt.example', ['::ffff:127.0.0.1']);
    dns.set('push.oeffentlich.example', ['93.184.216.34']);
    const before = await portal.db.select().from(pushSubscriptions);
    const otherPort = Number(new URL(pushOrigin).port) + 1;
    const { p256dh, authText } = browserSubscription();
    for (const endpoint of [
      `http://127.0.0.1:${otherPort}/push/x`,
      'http://169.254.169.254/latest/meta-data/',
      'https://169.254.169.254/latest/meta-data/',
      'http://[::1]:8080/x',
      'https://[::1]/x',
      'https://10.0.0.5/x',
      'https://[fd00::1]/x',
      'https://2130706433/x',
      'http://push.oeffentlich.example/x',
      'https://push.intern.example/x',
      'https://metadaten.example/x',
      'https://gemischt.example/x',
      'https://ula.example/x',
      'https://gemappt.example/x',
      'https://localhost/x',
      'https://unbekannt.example/x',
      'https://nutzer:pass@push.oeffentlich.example/x',
    ]) {
      const answer = await portal.gql<{
        registerPushSubscription: { success: boolean; errors: { message: string }[] };
      }>(REGISTER, { endpoint, p256dh, auth: authText }, { token });
      expect(answer.data?.registerPushSubscription.success, endpoint).toBe(false);
      expect(answer.data?.registerPushSubscription.errors[0]?.message, endpoint).toMatch(
        /^(Der Push-Dienst dieses Browsers wird nicht unterstützt|Die Push-Anmeldung des Browsers ist unvollständig)/,
      );
    }
    expect(await portal.db.select().from(pushSubscriptions)).toEqual(before);
    // A public https host is accepted.
    const accepted = await portal.gql<{ registerPushSubscription: { success: boolean } }>(
      REGISTER,
      { endpoint: 'https://push.oeffentlich.example/abo/1', p256dh, auth: authText },
      { token },
    );
    expect(accepted.data?.registerPushSubscription.success).toBe(true);
    await portal.db
      .delete(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, 'https://push.oeffentlich.example/abo/1'));
  });

  it('checks the endpoint again at delivery: a host now resolving to an internal address gets nothing', async () => {
    const token = await signIn('kunde@example.com');
    dns.set('wechselhaft.example', ['93.184.216.34']);
    await subscribe(token, 'wechselhaft', 'https://wechselhaft.example/push/wechselhaft');
    dns.set('wechselhaft.example', ['127.0.0.1']);
    const [subscription] = await portal.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, 'https://wechselhaft.example/push/wechselhaft'));
    await enqueueOutbox(portal.db, 'push', {
      subscriptionId: subscription!.id,
      notification: { ...pushTexts.checkDone },
    });
    await deliver();
    const rows = await portal.db.select().from(outbox);
    expect(rows.map((row) => row.status)).toEqual(['SKIPPED']);
    expect(received).toEqual([]);
    const left = await portal.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, 'https://wechselhaft.example/push/wechselhaft'));
    expect(left).toEqual([]);
  });

  it('does not follow a redirect of the push service', async () => {
    const token = await signIn('neukunde@example.com');
    await subscribe(token, 'umleitung');
    const [subscription] = await portal.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, `${pushOrigin}/push/umleitung`));
    await enqueueOutbox(portal.db, 'push', {
      subscriptionId: subscription!.id,
      notification: { ...pushTexts.checkDone },
    });
    await deliver();
    expect(received.map((push) => push.path)).toEqual(['/push/umleitung']);
    const [row] = await portal.db.select().from(outbox);
    expect(row?.status).not.toBe('DONE');
    await portal.db
      .delete(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, `${pushOrigin}/push/umleitung`));
  });
});
