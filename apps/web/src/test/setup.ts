import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The i18n provider opens a realtime channel once the browser is idle; a component test has no server to
// listen to, so the channel is a silent stand-in (the socket is the network, not the component's logic).
vi.mock('../lib/realtime', () => {
  const channel = { on: () => channel, subscribe: () => channel };
  return { realtime: () => ({ channel: () => channel, removeChannel: async () => 'ok' }) };
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});
