import { describe, expect, it } from 'vitest';
import { defang, escapeHtml, renderTestEmail } from './email-templates.js';

describe('e-mail templates', () => {
  it('escapes every character that could open markup or an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
    expect(escapeHtml('plain text')).toBe('plain text');
  });

  it('renders a plain message as escaped paragraphs and keeps the text as written', () => {
    const m = renderTestEmail({
      template: 'plain',
      subject: 'S',
      message: 'a < b\n\n"quoted" $& $1',
      senderName: 'x',
      organizationName: 'Org',
      publicUrl: 'http://h',
    });
    expect(m.subject).toBe('S');
    expect(m.text).toBe('a < b\n\n"quoted" $& $1');
    expect(m.html).toContain('<p>a &lt; b</p>\n<p>&quot;quoted&quot; $&amp; $1</p>');
  });

  it('adds the sender’s note to a templated e-mail, escaped, and lets the subject be replaced', () => {
    const m = renderTestEmail({
      template: 'confirmation-preview',
      subject: 'Custom',
      message: "<img src=x onerror=alert(1)> $'",
      senderName: 'ops@example.test',
      organizationName: 'Org',
      publicUrl: 'http://h',
    });
    expect(m.subject).toBe('Custom');
    expect(m.html).toContain('http://h/auth?lang=en#preview');
    expect(m.html).toContain('Note from ops[@]example[.]test: &lt;img src=x onerror=alert(1)&gt; $&#39;');
    expect(m.html).not.toContain('<img');
    expect(m.html.trimEnd().endsWith('</html>')).toBe(true);
    expect(m.text).toContain("Note from ops[@]example[.]test: <img src=x onerror=alert(1)> $'");
  });

  it('puts the organization name into the welcome e-mail escaped', () => {
    const m = renderTestEmail({ template: 'welcome', senderName: 'x', organizationName: 'A&B "Market"', publicUrl: 'http://h' });
    expect(m.subject).toBe('Welcome to A&B "Market"');
    expect(m.html).toContain('<strong>A&amp;B &quot;Market&quot;</strong>');
    expect(m.html).toContain('<title>Welcome to A&amp;B &quot;Market&quot;</title>');
  });

  it('never lets the sender’s subject or message become a link (issue 12, item 6)', () => {
    const bait = 'Verify at http://evil.example/login, www.evil.example or pay@evil.example';
    for (const template of ['plain', 'welcome'] as const) {
      const m = renderTestEmail({
        template,
        subject: `Urgent: evil.example`,
        message: bait,
        senderName: 'x',
        organizationName: 'Org',
        publicUrl: 'http://h',
      });
      for (const part of [m.subject, m.text, m.html]) {
        expect(part).not.toMatch(/http:\/\/evil|evil\.example|pay@evil|www\.evil/);
        expect(part).toContain('evil[.]example');
      }
    }
  });

  it('defangs URLs, host names, addresses and hidden direction marks, and leaves ordinary text alone', () => {
    const cases: [string, string][] = [
      ['http://evil.example/x', 'http[:]//evil[.]example/x'],
      ['HTTPS://Evil.Example', 'HTTPS[:]//Evil[.]Example'],
      ['www.evil.example', 'www[.]evil[.]example'],
      ['pay@evil.example', 'pay[@]evil[.]example'],
      ['mailto:pay', 'mailto[:]pay'],
      ['evil\u3002example', 'evil[.]example'],
      ['10.0.0.1', '10[.]0[.]0[.]1'],
      ['ev\u202Eil.example', 'evil[.]example'],
      ['Olive Grove & Sons Ltd.', 'Olive Grove & Sons Ltd.'],
      ['J.R. Smith, 3.50 AED', 'J.R. Smith, 3.50 AED'],
    ];
    for (const [input, out] of cases) expect(defang(input), input).toBe(out);
  });

  it('writes a test e-mail in the recipient’s language: Arabic right to left with lang=ar on its link (issue 14, item 8)', () => {
    const ar = renderTestEmail({ template: 'welcome', senderName: 'x', organizationName: 'سوق', publicUrl: 'http://h', language: 'ar' });
    expect(ar.subject).toBe('أهلًا بك في سوق');
    expect(ar.html).toContain('<html lang="ar" dir="rtl">');
    expect(ar.html).toContain('href="http://h/auth?lang=ar"');
    expect(ar.text).toContain('http://h/auth?lang=ar');
    const en = renderTestEmail({ template: 'confirmation-preview', senderName: 'x', organizationName: 'Org', publicUrl: 'http://h' });
    expect(en.html).toContain('<html lang="en" dir="ltr">');
    expect(en.subject).toBe('Confirm your e-mail address (preview)');
  });
});
