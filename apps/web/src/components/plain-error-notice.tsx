import type { ErrorFallbackProps } from './error-fallback.tsx';

/** A dependency-free 'Uh Oh...' notice for when even the error modal cannot load. */
export function PlainErrorNotice({ error }: ErrorFallbackProps) {
  const known = error instanceof Error ? error : new Error(String(error));
  return (
    <div
      role="alertdialog"
      aria-labelledby="plain-error-title"
      style={{ padding: '2rem', maxWidth: '40rem', margin: '0 auto' }}
    >
      <h1 id="plain-error-title">Uh Oh...</h1>
      <p>
        <strong>{known.name}</strong>: {known.message}
      </p>
      <button
        type="button"
        onClick={() =>
          window.history.length > 1 ? window.history.back() : window.location.assign('/dashboard')
        }
      >
        Go Back Now
      </button>
    </div>
  );
}
