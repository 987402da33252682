import { describe, expect, it } from 'vitest';
import { answerOf, askEarly } from '../../src/api/early-answers';

function counter() {
  let calls = 0;
  return {
    request: async () => {
      calls += 1;
      return `Antwort ${calls}`;
    },
    calls: () => calls,
  };
}

describe('answers asked for before their query runs', () => {
  it('gives the early answer to its query once; the next run asks again', async () => {
    const server = counter();
    askEarly(['depot', 'own'], server.request);
    expect(server.calls()).toBe(1);
    await expect(answerOf(['depot', 'own'], server.request)).resolves.toBe('Antwort 1');
    await expect(answerOf(['depot', 'own'], server.request)).resolves.toBe('Antwort 2');
    expect(server.calls()).toBe(2);
  });

  it('asks anew when the early answer failed or is older than ten seconds', async () => {
    const server = counter();
    askEarly(['depot', 'own'], () => Promise.reject(new Error('Verbindung verloren')));
    await expect(answerOf(['depot', 'own'], server.request)).resolves.toBe('Antwort 1');
    askEarly(['depot', 'own'], server.request);
    await expect(answerOf(['depot', 'own'], server.request, Date.now() + 10_001)).resolves.toBe('Antwort 3');
  });

  it('keeps the answers of different queries apart', async () => {
    askEarly(['depot', 'client', 'a@example.com'], async () => 'Depot A');
    await expect(answerOf(['depot', 'own'], async () => 'eigenes Depot')).resolves.toBe('eigenes Depot');
    await expect(answerOf(['depot', 'client', 'a@example.com'], async () => 'neu')).resolves.toBe('Depot A');
  });
});

describe('a request sent before the app ran', () => {
  it('is not sent again while its answer waits fresh, and again once it is older than ten seconds', async () => {
    const server = counter();
    askEarly(['depot', 'early'], server.request);
    askEarly(['depot', 'early'], server.request);
    expect(server.calls()).toBe(1);
    askEarly(['depot', 'early'], server.request, Date.now() + 10_001);
    expect(server.calls()).toBe(2);
    await expect(answerOf(['depot', 'early'], server.request)).resolves.toBe('Antwort 2');
  });
});
