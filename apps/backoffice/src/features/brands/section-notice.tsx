/** A brand section's last refusal (an alert) or notice (a status), if any. */
export function SectionNotice({ error, notice }: { error: string | null; notice: string | null }) {
  if (!error && !notice) return null;
  return (
    <div className={error ? 'error' : 'notice'} role={error ? 'alert' : 'status'}>
      {error ?? notice}
    </div>
  );
}
