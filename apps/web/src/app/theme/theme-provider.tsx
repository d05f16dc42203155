import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';

export const THEMES = ['default', 'ocean-breeze', 'violet-nights'] as const;
export type Theme = (typeof THEMES)[number];
export const THEME_STORAGE_KEY = 'pim-theme';

interface ThemeContextValue {
  theme: Theme;
  setTheme: (theme: Theme) => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

function storedTheme(): Theme {
  const v = localStorage.getItem(THEME_STORAGE_KEY);
  return (THEMES as readonly string[]).includes(v ?? '') ? (v as Theme) : 'default';
}

/** Applies a theme as a document attribute and class (default gets none); a dark class is cleared on every change. */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.remove('dark', ...THEMES.map((t) => `theme-${t}`));
  if (theme === 'default') {
    root.removeAttribute('data-theme');
  } else {
    root.setAttribute('data-theme', theme);
    root.classList.add(`theme-${theme}`);
  }
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<Theme>(storedTheme);
  useEffect(() => applyTheme(theme), [theme]);
  const setTheme = useCallback((t: Theme) => {
    localStorage.setItem(THEME_STORAGE_KEY, t);
    setThemeState(t);
  }, []);
  return <ThemeContext.Provider value={{ theme, setTheme }}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const ctx = useContext(ThemeContext);
  if (!ctx) throw new Error('useTheme must be used within a ThemeProvider');
  return ctx;
}
