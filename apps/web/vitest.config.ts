import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Component tests for the widgets with logic: rendered in happy-dom, driven with Testing Library.
export default defineConfig({
  plugins: [react()],
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
