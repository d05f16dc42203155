import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { shippedDictionary, stubApi, type ApiCall } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render-with-providers';
import { DICTIONARY_VERSION_KEY, LANGUAGE_STORAGE_KEY, useI18n } from './i18n-provider';

function Texts({ keys }: { keys: string[] }) {
  const { t, language, direction } = useI18n();
  return (
    <ul data-language={language} data-direction={direction} data-testid="texts">
      {keys.map((k) => (
        <li key={k} data-testid={k}>
          {t(k, { name: 'Huda' })}
        </li>
      ))}
    </ul>
  );
}

afterEach(() => localStorage.clear());

describe('I18nProvider', () => {
  it("translates from the compact dictionary of the current language, falling back to English's, then to the key", async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    const asked: string[] = [];
    const dictionary = (c: ApiCall) => {
      const language = c.query.get('language')!;
      asked.push(language);
      const texts: Record<string, string> =
        language === 'ar' ? { 'auth.signIn': 'دخول المكتب' } : { 'auth.signIn': 'Sign in', 'only.english': 'Hello {name}' };
      return { body: { language, version: `v-${language}`, texts } };
    };
    stubApi([{ method: 'GET', path: '/translations/dictionary', reply: dictionary }]);
    await renderWithProviders(<Texts keys={['auth.signIn', 'only.english', 'no.such.key', 'constructor']} />);
    expect((await screen.findByTestId('auth.signIn')).textContent).toBe('دخول المكتب');
    expect(screen.getByTestId('only.english').textContent).toBe('Hello Huda');
    expect(screen.getByTestId('no.such.key').textContent).toBe('no.such.key');
    // A key named like an Object member is not read from the prototype.
    expect(screen.getByTestId('constructor').textContent).toBe('constructor');
    expect([...asked].sort()).toEqual(['ar', 'en']);
  });

  it('keeps the texts and names their version next time: an answer without texts uses the kept ones', async () => {
    const queries: string[] = [];
    let current = 'v1';
    stubApi([
      {
        method: 'GET',
        path: '/translations/dictionary',
        reply: (c) => {
          queries.push(c.query.toString());
          const known = c.query.get('known');
          const texts = current === 'v1' ? { 'auth.signIn': 'Sign in' } : { 'auth.signIn': 'Enter' };
          return { body: { language: 'en', version: current, texts: known === current ? null : texts } };
        },
      },
    ]);
    const first = await renderWithProviders(<Texts keys={['auth.signIn']} />);
    expect(first.getByTestId('auth.signIn').textContent).toBe('Sign in');
    expect(localStorage.getItem(DICTIONARY_VERSION_KEY('en'))).toBe('v1');
    first.unmount();

    const second = await renderWithProviders(<Texts keys={['auth.signIn']} />);
    expect(second.getByTestId('auth.signIn').textContent).toBe('Sign in');
    expect(queries).toEqual(['language=en', 'language=en&known=v1']);
    second.unmount();

    // Changed texts come in full and replace the kept ones.
    current = 'v2';
    const third = await renderWithProviders(<Texts keys={['auth.signIn']} />);
    expect(third.getByTestId('auth.signIn').textContent).toBe('Enter');
    expect(queries.at(-1)).toBe('language=en&known=v1');
    expect(localStorage.getItem(DICTIONARY_VERSION_KEY('en'))).toBe('v2');
  });

  it('without a connection, uses the texts kept on the device from the last visit, right to left for Arabic', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    stubApi();
    const online = await renderWithProviders(<Texts keys={['posRegister.title']} />);
    expect(online.getByTestId('posRegister.title').textContent).toBe(shippedDictionary('ar').texts['posRegister.title']);
    online.unmount();

    // Reloaded offline: every request fails on the network, as fetch does without a connection.
    const offline = stubApi([
      {
        method: 'GET',
        path: '/translations/dictionary',
        reply: () => {
          throw new TypeError('Failed to fetch');
        },
      },
      {
        method: 'GET',
        path: '/languages',
        reply: () => {
          throw new TypeError('Failed to fetch');
        },
      },
    ]);
    const again = await renderWithProviders(<Texts keys={['posRegister.title', 'common.loading']} />);
    expect(offline.calls.map((c) => c.path).sort()).toEqual(['/languages', '/translations/dictionary', '/translations/dictionary']);
    expect(again.getByTestId('posRegister.title').textContent).toBe('صندوق البيع');
    expect(again.getByTestId('common.loading').textContent).toBe(shippedDictionary('ar').texts['common.loading']);
    // Without the list of languages, Arabic still reads right to left.
    expect(again.getByTestId('texts').dataset.direction).toBe('rtl');
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('without a connection and nothing kept, shows the keys (nothing to fall back to)', async () => {
    stubApi([
      {
        method: 'GET',
        path: '/translations/dictionary',
        reply: () => {
          throw new TypeError('Failed to fetch');
        },
      },
    ]);
    const view = await renderWithProviders(<Texts keys={['posRegister.title']} />);
    expect(view.getByTestId('posRegister.title').textContent).toBe('posRegister.title');
  });
});
