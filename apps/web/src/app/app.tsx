import { useEffect, useState } from 'react';

interface Health {
  status: string;
  version: string;
  database: string;
}

/** Placeholder until the admin shell lands: shows that the server and its database answer. */
export function App() {
  const [health, setHealth] = useState<Health | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    fetch('/api/v1/health')
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`HTTP ${r.status}`))))
      .then(setHealth)
      .catch((e: Error) => setError(e.message));
  }, []);
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '4rem auto', padding: '0 1rem' }}>
      <h1>Market Back Office</h1>
      <p>The admin shell (sign-in, sidebar and areas) is not available yet. The API, auth and realtime services run.</p>
      {health && <p>Server {health.version}: {health.status}, database {health.database}.</p>}
      {error && <p role="alert">The server did not answer: {error}</p>}
      {!health && !error && <p>Loading...</p>}
    </main>
  );
}
